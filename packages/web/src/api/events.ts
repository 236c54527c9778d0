import type { AnalyticsEventInput } from '@darkroom/core';
import { apiRequest, resourceDocument, type ApiResult } from './client.ts';

/** `POST /events`: stores one dashboard analytics event (202, no body). */
export function postEvent(event: AnalyticsEventInput): Promise<ApiResult<null>> {
  return apiRequest<null>('/events', { method: 'POST', body: resourceDocument('events', event) });
}
