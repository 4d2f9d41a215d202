/**
 * The CI files under `docs/ci/` that users copy, rendered from the same templates `proxar init`
 * writes, so the documentation and the command never disagree.
 * @module
 */
import { githubWorkflow, gitlabJob, jenkinsStage } from "../cli/init_templates.ts";

/** Each file's path from the repository root, and its text. */
export function ciFiles(): Record<string, string> {
  return {
    "docs/ci/github-workflow.yml": githubWorkflow(),
    "docs/ci/proxar.gitlab-ci.yml": gitlabJob(),
    "docs/ci/Jenkinsfile": jenkinsStage(),
  };
}
