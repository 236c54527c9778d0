// A premium parameter the source may not use (no grant, or no generative provider on this
// install) is refused before anything is fetched; the dashboard shows the paywall for it.
import {
  missingCapability,
  missingCapabilityMessage,
  requiredCapabilities,
  type Params,
} from '@darkroom/core';
import { needsProvider as subtitlesNeedProvider, subtitlePlan } from '@darkroom/render';
import { errorAnswer, type Answer } from './answers.ts';
import type { DeliverySource } from './delivery-source.ts';
import { isStreamWork, type VideoWork } from './video-request.ts';

/** The refusal of a premium parameter the source may not use, or null when it may. */
export function premiumRefusal(
  params: Params,
  source: DeliverySource,
  video: VideoWork | null,
  generativeAvailable: boolean,
): Answer | null {
  // fm=mp4 of a still is image to video; of a video or an animation it is a transcode.
  if (
    params.string('fm') === 'mp4' &&
    video === null &&
    !source.capabilities.has('image_to_video')
  ) {
    return errorAnswer(
      403,
      'fm=mp4 (image to video) needs the image_to_video capability, which neither this source nor its account has. An administrator can grant it to the account.',
      source,
    );
  }
  // Subtitles are made by the provider (transcription, translation): only the works that answer
  // them read video-generate-subtitles (a transcode for the captions it burns in), which other
  // outputs of a video ignore. The tracks of video-subtitle-src need no provider.
  const subtitled =
    video?.kind === 'subtitles' ||
    isStreamWork(video) ||
    (video?.kind === 'transcode' && params.has('video-caption-style'));
  if (subtitled && !generativeAvailable && subtitlesNeedProvider(subtitlePlan(params))) {
    return errorAnswer(
      422,
      'video-generate-subtitles needs a transcription provider, which this server does not have (set GENERATIVE_API_URL).',
      source,
    );
  }
  const required = requiredCapabilities(params);
  if (required.length === 0) return null;
  const needsProvider = required.find((requirement) => requirement.generative);
  if (needsProvider !== undefined && !generativeAvailable) {
    return errorAnswer(
      422,
      `${needsProvider.parameter} needs a generative image provider, which this server does not have (set GENERATIVE_API_URL).`,
      source,
    );
  }
  const missing = missingCapability(required, source.capabilities);
  if (missing === undefined) return null;
  return errorAnswer(
    403,
    `${missingCapabilityMessage(missing)} An administrator can grant it to the account.`,
    source,
  );
}
