/**
 * Where the API lives (platform spec section 7: a versioned v4 endpoint). Its own module
 * so the route table and the handlers that write links to other routes both read it.
 */
export const API_PREFIX = '/api/v4';
