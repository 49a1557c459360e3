/** Whether `--host` is this machine only: then the Host/Origin guard applies, and no token is required. */
export const isLoopback = (host: string): boolean => host === "127.0.0.1" || host === "localhost" || host === "::1" || host === "[::1]"
