import serverPackage from '../package.json' with { type: 'json' };

/** The server's version, reported by `GET /api/health`. */
export const version: string = serverPackage.version;
