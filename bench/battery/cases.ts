// The four parts' requests, built from the shared generators for the running server's targets.
import { apiCases, rawApiRequest } from '../../packages/server/test/hostile/api-requests.ts';
import {
  amplificationCases,
  deliveryCases,
  rawDeliveryRequest,
} from '../../packages/server/test/hostile/delivery-urls.ts';
import { HOSTILE_FILE_ANSWER } from '../../packages/server/test/hostile/expectations.ts';
import {
  HOSTILE_FILE_QUERIES,
  type HostileFile,
} from '../../packages/server/test/hostile/hostile-files.ts';
import type { HostileTargets } from '../../packages/server/test/hostile/targets.ts';
import { UPLOAD_CASES } from '../../packages/server/test/hostile/uploads.ts';
import type { BatteryCase } from './part.ts';

/** Each request's deadline; the server's render timeout is 30 s. */
const DEADLINE_MS = 60_000;
/** ORIGIN_MAX_BYTES's default, which the battery's server keeps. */
const ORIGIN_MAX_BYTES = 50_000_000;

export function urlCases(seed: number, count: number, originFolderUrl: string) {
  return (targets: HostileTargets): BatteryCase[] => {
    const generated = deliveryCases({
      seed,
      count,
      images: targets.images,
      loopbackUrl: originFolderUrl.replace(/\/$/, ''),
    });
    return [...generated, ...amplificationCases(targets.images)].map((item) => ({
      label: item.label,
      request: rawDeliveryRequest(item, targets.managedHost),
      expect: item.expect,
      deadlineMs: DEADLINE_MS,
    }));
  };
}

export function apiBatteryCases(seed: number, count: number | undefined) {
  return (targets: HostileTargets): BatteryCase[] => {
    const tokens = {
      user: targets.victim.token,
      admin: targets.adminToken,
      disposable: targets.disposable.token,
    };
    const host = `127.0.0.1:${targets.port}`;
    return apiCases({ seed, ids: targets.ids, ...(count === undefined ? {} : { count }) }).map(
      (item) => ({
        label: item.label,
        request: rawApiRequest(item, tokens, host),
        expect: item.expect,
        deadlineMs: DEADLINE_MS,
      }),
    );
  };
}

/** Each hostile file with each query from the web folder source, and once as a watermark. */
export function fileCases(files: readonly HostileFile[], originFolderUrl: string) {
  return (targets: HostileTargets): BatteryCase[] => {
    const cases: BatteryCase[] = [];
    for (const file of files) {
      for (const query of HOSTILE_FILE_QUERIES) {
        const target = `/${encodeURIComponent(file.name)}${query === '' ? '' : `?${query}`}`;
        cases.push({
          label: `${file.name}${query === '' ? '' : `?${query}`}`,
          request: { method: 'GET', target, headers: { host: targets.originHost } },
          expect: HOSTILE_FILE_ANSWER,
          deadlineMs: DEADLINE_MS,
        });
      }
      const mark = encodeURIComponent(`${originFolderUrl}${file.name}`);
      cases.push({
        label: `${file.name} as a watermark`,
        request: {
          method: 'GET',
          target: `${targets.images.small}?mark=${mark}`,
          headers: { host: targets.managedHost },
        },
        expect: HOSTILE_FILE_ANSWER,
        deadlineMs: DEADLINE_MS,
      });
    }
    return cases;
  };
}

export function uploadCases(targets: HostileTargets): BatteryCase[] {
  const files = (sourceId: string) => `/api/v4/sources/${sourceId}/files`;
  const uploadTarget = {
    host: `127.0.0.1:${targets.port}`,
    managedPath: files(targets.managedSourceId),
    otherPath: files(targets.originSourceId),
    token: targets.owner.token,
    maxBytes: ORIGIN_MAX_BYTES,
  };
  return UPLOAD_CASES.map((item) => ({
    label: item.label,
    request: item.request(uploadTarget),
    expect: item.expect,
    deadlineMs: item.deadlineMs,
    ...(item.closeIsAnAnswer ? { closeIsAnAnswer: true } : {}),
  }));
}
