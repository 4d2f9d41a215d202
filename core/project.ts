/**
 * Where Proxar is published: the one place that names its repository. The GitHub Action's
 * `repository` input, the files `proxar init` writes, the CI files under `docs/ci/`, report links
 * and the npm package's manifest all take it from here (tests keep `action.yml` in step).
 * @module
 */

/** The GitHub repository (`OWNER/NAME`) that holds the source, the action and the releases. */
export const REPOSITORY = "proxar/proxar";

/** The project's home page. */
export const PROJECT_URL = `https://github.com/${REPOSITORY}`;

/** Where the release assets of the newest release are downloaded from. */
export const LATEST_RELEASE_URL = `${PROJECT_URL}/releases/latest/download`;
