import type { ResourceObject } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

/** The clip lengths the provider makes, in seconds. */
export const GENERATED_VIDEO_SECONDS = [4, 8, 12] as const;
type GeneratedVideoSeconds = (typeof GENERATED_VIDEO_SECONDS)[number];
export const MAX_VIDEO_PROMPT_LENGTH = 1024;

type VideoGenerationStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

interface VideoGenerationAttributes {
  source_id: string;
  origin_path: string;
  prompt: string;
  seconds: number;
  orientation: 'landscape' | 'portrait';
  status: VideoGenerationStatus;
  /** 0 to 100, as the provider reports it. */
  progress: number;
  error: string | null;
  /** Where the finished MP4 plays; the link itself is the permission, so it can be shared. */
  video_url: string | null;
  video_bytes: number | null;
  created_at: string;
  updated_at: string;
}

export type VideoGeneration = ResourceObject<'video_generations', VideoGenerationAttributes>;

interface NewVideoGeneration {
  source_id: string;
  origin_path: string;
  prompt: string;
  seconds: GeneratedVideoSeconds;
}

const videoGenerationKeys = {
  all: ['video-generations'] as const,
  ofImage: (sourceId: string, originPath: string) =>
    [...videoGenerationKeys.all, 'image', sourceId, originPath] as const,
};

// The provider takes a minute or more; asking every few seconds shows progress without load.
const POLL_INTERVAL_MS = 3000;

function isFinished(generation: VideoGeneration): boolean {
  return generation.attributes.status === 'completed' || generation.attributes.status === 'failed';
}

/** `POST /video-generations`: asks the provider for a video of the image. */
async function createVideoGeneration(input: NewVideoGeneration): Promise<VideoGeneration> {
  const document = await apiFetch<ApiDocument<VideoGeneration>>('/video-generations', {
    method: 'POST',
    body: { data: { type: 'video_generations', attributes: input } },
  });
  return document.data;
}

/** The account's latest generations of one image, newest first. */
async function listVideoGenerations(
  sourceId: string,
  originPath: string,
  signal?: AbortSignal,
): Promise<VideoGeneration[]> {
  const document = await apiFetch<ApiDocument<VideoGeneration[]>>('/video-generations', {
    query: { 'filter[source_id]': sourceId, 'filter[origin_path]': originPath },
    signal,
  });
  return document.data;
}

export function useVideoGenerationsQuery(sourceId: string, originPath: string) {
  return useQuery({
    queryKey: videoGenerationKeys.ofImage(sourceId, originPath),
    queryFn: ({ signal }) => listVideoGenerations(sourceId, originPath, signal),
    // Follows the newest while the provider works on it.
    refetchInterval: (query) => {
      const latest = query.state.data?.[0];
      return latest !== undefined && !isFinished(latest) ? POLL_INTERVAL_MS : false;
    },
  });
}

export function useCreateVideoGenerationMutation(sourceId: string, originPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideoGeneration,
    onSuccess: (created) => {
      queryClient.setQueryData<VideoGeneration[]>(
        videoGenerationKeys.ofImage(sourceId, originPath),
        (previous = []) => [created, ...previous],
      );
    },
  });
}
