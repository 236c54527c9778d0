import { Copy, Download, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import {
  GENERATED_VIDEO_SECONDS,
  useCreateVideoGenerationMutation,
  useVideoGenerationsQuery,
  type VideoGeneration,
} from '../../api/video-generations.ts';
import { usePermission } from '../../app/permissions.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { copyToClipboard } from '../assets/copy-to-clipboard.ts';
import { PermissionNote } from '../permissions/permission-note.tsx';
import { Button, Select, Spinner } from '../../ui/index.ts';
import { Form } from '../../ui/form/form.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import {
  absoluteVideoUrl,
  generativeVideoSchema,
  type GenerativeVideoInput,
} from './generative-video.schema.ts';

export interface GenerativeVideoPanelProps {
  sourceId: string;
  originPath: string;
  /** Whether the source may use image_to_video; otherwise Generate opens the paywall. */
  capable: boolean;
  /** A generative provider is configured on this install (platform settings). */
  available: boolean;
  onPaywall: () => void;
}

const LENGTH_OPTIONS = GENERATED_VIDEO_SECONDS.map((seconds) => ({
  value: String(seconds) as GenerativeVideoInput['seconds'],
  label: `${seconds} seconds`,
}));

const fieldClass =
  'w-full rounded-md border border-zinc-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-zinc-100';

/**
 * Generated video: the provider animates the still as the prompt describes. No generative model
 * ships with Darkroom, so this needs the operator's (`GENERATIVE_API_URL`, see the README); the
 * motion clip above needs no provider, and this one is offered only when one is configured.
 */
export function GenerativeVideoPanel(props: GenerativeVideoPanelProps) {
  return (
    <section
      aria-labelledby="generative-video-heading"
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-zinc-200"
    >
      <h2
        id="generative-video-heading"
        className="flex items-center gap-2 text-base font-semibold text-zinc-900"
      >
        <Sparkles aria-hidden="true" className="size-4 text-brand-600" />
        Generated from a prompt
      </h2>
      {props.available ? (
        <>
          <GenerativeVideoForm {...props} />
          <GenerationList sourceId={props.sourceId} originPath={props.originPath} />
        </>
      ) : (
        <p className="text-sm text-zinc-600">
          Generating video from a prompt needs a generative provider, which this server does not
          have. Your administrator can set one up (GENERATIVE_API_URL); the zoom clip above works
          without it.
        </p>
      )}
    </section>
  );
}

function GenerativeVideoForm({
  sourceId,
  originPath,
  capable,
  onPaywall,
}: GenerativeVideoPanelProps) {
  const id = useId();
  const form = useZodForm(generativeVideoSchema, {
    defaultValues: { prompt: '', seconds: '4' } satisfies GenerativeVideoInput,
  });
  const create = useCreateVideoGenerationMutation(sourceId, originPath);
  // Generating writes a new asset: it needs Asset Manager Edit (spec platform section 5).
  const canGenerate = usePermission('asset_manager_edit');
  const promptError = form.formState.errors.prompt?.message;
  const rootError = form.formState.errors.root?.message;

  return (
    <Form
      form={form}
      className="space-y-3"
      onSubmit={(values) => {
        if (!capable) {
          onPaywall();
          return;
        }
        create.mutate(
          {
            source_id: sourceId,
            origin_path: originPath,
            prompt: values.prompt,
            seconds: values.seconds as 4 | 8 | 12,
          },
          {
            onSuccess: () =>
              form.reset({
                prompt: values.prompt,
                seconds: String(values.seconds) as GenerativeVideoInput['seconds'],
              }),
            onError: (error) => applyServerErrors(form, error, ['prompt', 'seconds']),
          },
        );
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-prompt`} className="text-sm font-medium text-zinc-800">
          What should happen?
        </label>
        <textarea
          id={`${id}-prompt`}
          rows={3}
          placeholder="The camera pans slowly while the waves roll onto the sand"
          aria-invalid={promptError !== undefined}
          aria-describedby={promptError === undefined ? undefined : `${id}-prompt-error`}
          disabled={create.isPending}
          className={fieldClass}
          {...form.register('prompt')}
        />
        {promptError !== undefined && (
          <p id={`${id}-prompt-error`} role="alert" className="text-sm text-red-600">
            {promptError}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="seconds"
        render={({ field }) => (
          <Select
            label="Length"
            options={LENGTH_OPTIONS}
            value={field.value}
            disabled={create.isPending}
            onChange={(_value, option) => field.onChange(option.value)}
          />
        )}
      />
      {rootError !== undefined && (
        <p role="alert" className="text-sm text-red-600">
          {rootError}
        </p>
      )}
      <Button
        type="submit"
        color="orange"
        working={create.isPending}
        disabled={!canGenerate}
        aria-describedby={canGenerate ? undefined : `${id}-permission`}
        className="w-full"
      >
        Generate with AI
      </Button>
      {!canGenerate && <PermissionNote id={`${id}-permission`} group="asset_manager_edit" />}
      <p className="text-xs text-zinc-500">
        A generated video is a premium operation (2 credits). The provider takes a minute or more.
      </p>
    </Form>
  );
}

function GenerationList({ sourceId, originPath }: { sourceId: string; originPath: string }) {
  const generations = useVideoGenerationsQuery(sourceId, originPath);
  if (generations.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-600">
        <Spinner /> Loading your generated videos…
      </p>
    );
  }
  if (generations.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorMessageOf(generations.error)}{' '}
        <button
          type="button"
          className="font-medium underline"
          onClick={() => void generations.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (generations.data.length === 0) {
    return <p className="text-sm text-zinc-600">No generated videos of this image yet.</p>;
  }
  return (
    <ul aria-label="Generated videos" className="space-y-4">
      {generations.data.map((generation) => (
        <li key={generation.id}>
          <GenerationItem generation={generation} />
        </li>
      ))}
    </ul>
  );
}

function GenerationItem({ generation }: { generation: VideoGeneration }) {
  const { status, progress, error, video_url: videoUrl, prompt, seconds } = generation.attributes;
  const caption = `“${prompt}”, ${seconds} s`;
  if (status === 'failed') {
    return (
      <div className="space-y-1 text-sm">
        <p className="text-zinc-700">{caption}</p>
        <p role="alert" className="font-medium text-red-600">
          {error ?? 'The provider could not make this video.'}
        </p>
      </div>
    );
  }
  if (status !== 'completed' || videoUrl === null) {
    return (
      <div role="status" className="space-y-2 text-sm">
        <p className="flex items-center gap-2 text-zinc-700">
          <Spinner />
          {status === 'queued' ? 'Waiting for the provider…' : `Generating… ${progress}%`}
        </p>
        <div
          role="progressbar"
          aria-label={`Generating ${caption}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-1.5 overflow-hidden rounded-full bg-zinc-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${Math.max(progress, 4)}%` }}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <video
        src={videoUrl}
        controls
        muted
        loop
        playsInline
        aria-label={`Generated video: ${caption}`}
        className="w-full rounded-md bg-black"
      />
      <p className="text-sm text-zinc-700">{caption}</p>
      <div className="flex flex-wrap gap-2">
        <a
          href={videoUrl}
          download={`generated-${generation.id}.mp4`}
          className="inline-flex items-center gap-2 rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white hover:bg-zinc-700"
        >
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void copyToClipboard(
              absoluteVideoUrl(videoUrl, window.location.origin),
              'Video URL copied',
            )
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy URL
        </Button>
      </div>
    </div>
  );
}
