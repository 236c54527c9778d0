/**
 * Where imgix's Management API lives (docs.imgix.com/apis/management: `https://api.imgix.com/api/v1/`),
 * so imgix-management-js and scripts written for imgix reach Darkroom with only the host changed.
 */
export const MANAGEMENT_API_PREFIX = '/api/v1';
