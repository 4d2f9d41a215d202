/**
 * The files `proxar init` writes, and the CI files `docs/ci.md` tells users to copy: a starter
 * `proxar.yaml`, a GitHub Actions workflow using the Proxar action, a GitLab CI job and a Jenkins
 * stage. `scripts/generate_ci_files.ts` writes the copies under `docs/ci/` from these.
 * @module
 */

import { LATEST_RELEASE_URL, REPOSITORY } from "../core/project.ts";

/** The CI systems `proxar init --ci` writes a file for. */
export const INIT_CI = ["github", "gitlab", "jenkins"] as const;

/** The contract file the templates compare, unless `proxar init --contract` names another. */
export const DEFAULT_CONTRACT = "mcp-contract.json";

/** A starter `proxar.yaml`: the defaults spelt out, and commented examples of the rest. */
export function starterConfig(): string {
  return `# Proxar configuration: which changes to this MCP server's contract fail CI.
# \`proxar rules\` lists every rule id; docs/configuration.md explains every key,
# docs/ci.md the CI set-up.

# Exit with code 1 when a change reaches this severity:
# BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION, or never.
fail_on: BREAKING
# Changes at or above this severity are reported as warnings.
warn_on: POTENTIALLY_BREAKING

# Grade a rule differently for this project.
severity_overrides: {}
#   tool.annotations.safetyWeakened: BREAKING

# Accept known changes. They are still listed in every report, as suppressed.
ignore: []
#   - rule: tool.description.changed
#     entity: legacy_*
#     reason: "Legacy tools are being rewritten; churn is expected."
#     expires: 2030-01-31

# Servers that \`proxar snapshot --server NAME\` starts or connects to.
# servers:
#   my-server: { command: node, args: [dist/server.js] }
#   remote: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer \${TOKEN}" } }
`;
}

/** `.github/workflows/proxar.yml`: diffs the contract of each pull request against its base. */
export function githubWorkflow(contract: string = DEFAULT_CONTRACT): string {
  return `# Fails a pull request whose change to the MCP contract would break the agents using it,
# and shows every finding in code scanning and the job summary. Written by \`proxar init --ci github\`.
# The action downloads a published Proxar release (see "What needs a release" in Proxar's docs/ci.md).
name: MCP contract
on:
  pull_request:
permissions:
  contents: read
  security-events: write # upload the SARIF report to code scanning
jobs:
  proxar:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # proxar reads the base branch's contract with git
      - uses: ${REPOSITORY}@v0
        with:
          old: git:origin/\${{ github.base_ref }}:${contract}
          new: ${contract}
          # pr-comment: true # one comment per pull request; needs permission pull-requests: write
`;
}

/** A GitLab CI job for merge requests, publishing JUnit and Code Quality reports. */
export function gitlabJob(contract: string = DEFAULT_CONTRACT): string {
  return `# Fails a merge request whose change to the MCP contract would break the agents using it.
# Findings appear in the merge request's test and Code Quality widgets. With a CI/CD variable
# PROXAR_NOTE_TOKEN (a project access token with the api scope, role Reporter or above), the
# Markdown report also becomes one merge-request note, updated on every pipeline.
# PROXAR_URL must hold a Proxar release (see Proxar's docs/ci.md).
# Written by \`proxar init --ci gitlab\`; include it from .gitlab-ci.yml:
#   include:
#     - local: .gitlab/proxar.gitlab-ci.yml
proxar:
  stage: test
  image: debian:bookworm-slim
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  variables:
    PROXAR_URL: ${LATEST_RELEASE_URL}
    PROXAR_CONTRACT: ${contract}
  script:
    - apt-get update -qq && apt-get install -y -qq curl git jq ca-certificates > /dev/null
    - curl -fsSL --retry 3 -o proxar-linux-x64 "$PROXAR_URL/proxar-linux-x64"
    - curl -fsSL --retry 3 -o SHA256SUMS "$PROXAR_URL/SHA256SUMS"
    - grep ' proxar-linux-x64$' SHA256SUMS | sha256sum -c -
    - chmod +x proxar-linux-x64 && ./proxar-linux-x64 --version
    - git fetch --depth=1 origin "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"
    - >-
        ./proxar-linux-x64 diff "git:FETCH_HEAD:$PROXAR_CONTRACT" "$PROXAR_CONTRACT"
        --format text --format junit=proxar-junit.xml --format gitlab=gl-code-quality-report.json
        --format markdown=proxar.md
  after_script:
    - |
        # One note per merge request: the one whose body holds the report's marker.
        if [ -n "\${PROXAR_NOTE_TOKEN:-}" ] && [ -f proxar.md ]; then
          notes="$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes"
          auth="PRIVATE-TOKEN: $PROXAR_NOTE_TOKEN"
          id=$(curl -fsS --header "$auth" "$notes?per_page=100&sort=asc" |
            jq -r '[.[] | select(.body | contains("<!-- proxar -->"))][0].id // empty')
          jq -Rs '{body: .}' proxar.md > proxar-note.json
          if [ -n "$id" ]; then method=PUT; url="$notes/$id"; else method=POST; url="$notes"; fi
          curl -fsS -X "$method" --header "$auth" --header "Content-Type: application/json" \\
            --data @proxar-note.json "$url" > /dev/null
          echo "proxar: $method merge request note"
        fi
  artifacts:
    when: always
    reports:
      junit: proxar-junit.xml
      codequality: gl-code-quality-report.json
`;
}

/** A Jenkins declarative pipeline stage that records the findings as JUnit test results. */
export function jenkinsStage(contract: string = DEFAULT_CONTRACT): string {
  return `// Fails the build when a change to the MCP contract would break the agents using it, and
// records every finding as a JUnit test result. Written by \`proxar init --ci jenkins\`; in an
// existing Jenkinsfile, copy the stage into its stages. PROXAR_URL must hold a Proxar release.
pipeline {
  agent any
  environment {
    PROXAR_URL = '${LATEST_RELEASE_URL}'
    PROXAR_CONTRACT = '${contract}'
    PROXAR_BASE = 'origin/main'
  }
  stages {
    stage('MCP contract') {
      steps {
        sh '''
          curl -fsSL --retry 3 -o proxar-linux-x64 "$PROXAR_URL/proxar-linux-x64"
          curl -fsSL --retry 3 -o SHA256SUMS "$PROXAR_URL/SHA256SUMS"
          grep ' proxar-linux-x64$' SHA256SUMS | sha256sum -c -
          chmod +x proxar-linux-x64
          ./proxar-linux-x64 diff "git:$PROXAR_BASE:$PROXAR_CONTRACT" "$PROXAR_CONTRACT" \\
            --format text --format junit=proxar-junit.xml
        '''
      }
      post {
        always {
          junit allowEmptyResults: false, testResults: 'proxar-junit.xml'
        }
      }
    }
  }
}
`;
}
