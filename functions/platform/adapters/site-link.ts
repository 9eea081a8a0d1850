/** An absolute link to `path` (starting with '/') on the site at `siteUrl`, whatever trailing slash the setting has. */
export const siteLink = (siteUrl: string, path: string) => new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
