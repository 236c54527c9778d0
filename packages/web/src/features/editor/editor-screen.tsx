import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Asset } from '../../api/assets.ts';
import { toast, useOverlay } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { assetPagePath, fileNameOf } from '../assets/asset.utils.ts';
import { signUrlsInSnippet } from '../delivery-urls/sign-urls.ts';
import { useSignedUrl, useSignUrls } from '../delivery-urls/use-signed-urls.ts';
import { useFormatSupport } from './browser-formats.ts';
import { CropMode } from './crop-mode.tsx';
import { DefaultSidebar } from './default-sidebar.tsx';
import { copyInEditor, startDownload } from './editor-clipboard.ts';
import { EDITOR_EVENTS, trackEditorEvent } from './editor-events.ts';
import { editorEmbedCode } from './editor-export.utils.ts';
import { EditorLayout } from './editor-layout.tsx';
import { EditorTopBar } from './editor-top-bar.tsx';
import type { EditorCapabilities, EditorParams, OriginProperties } from './editor-types.ts';
import { FillSidebar } from './fill-sidebar.tsx';
import type { FailureNotice } from './image-status.utils.ts';
import { canExport, resetSession } from './modes.utils.ts';
import { ObjectTool } from './object-tool/object-tool.tsx';
import {
  downloadFileName,
  downloadUrlOf,
  previewUrl,
  renderingUrl,
  withParams,
} from './params.utils.ts';
import { PreviewPane } from './preview-pane.tsx';
import { currentSize } from './resize.utils.ts';
import { useEditorSession } from './use-editor-session.ts';
import { useLastShownParams } from './use-last-shown-params.ts';
import { usePreviewImage } from './use-preview-image.ts';

export interface EditorScreenProps {
  asset: Asset;
  /** The asset's delivery URL, which every rendering URL is built on. */
  fullUrl: string;
  origin: OriginProperties;
  capabilities: EditorCapabilities;
}

/** The image editing screen (spec editor section 2): top bar, image area and sidebar. */
export function EditorScreen({ asset, fullUrl, origin, capabilities }: EditorScreenProps) {
  const navigate = useNavigate();
  const overlay = useOverlay();
  const { session, update, setParams } = useEditorSession();
  const support = useFormatSupport();
  const [objectToolOpen, setObjectToolOpen] = useState(false);
  const paramsRef = useRef(session.params);
  useEffect(() => {
    paramsRef.current = session.params;
  });

  // Signed when the source requires it (delivery-urls/); null while it is being signed.
  const url = useSignedUrl(asset.source_id, previewUrl(fullUrl, session.params));
  const signUrls = useSignUrls(asset.source_id);
  const queryClient = useQueryClient();
  // Spec editor section 8: a skipped background operation comes off, with the reason.
  const onFailures = (notices: FailureNotice[]) => {
    let next = paramsRef.current;
    for (const notice of notices) {
      next = withParams(next, { [notice.param]: null });
      toast.error(notice.message, { description: notice.reason, editor: true });
    }
    setParams(next);
  };
  const preview = usePreviewImage(url, onFailures);
  const loading = preview.state.kind === 'loading';
  // Cancel while an AI render is awaited goes back to the parameters of the picture on screen.
  const shownParams = useLastShownParams(session.params, url !== null && preview.shownUrl === url);
  const cancelRender =
    shownParams === null
      ? undefined
      : () => {
          preview.dismissWaitToast();
          setParams(shownParams);
        };
  const exportDisabled = !canExport(session.mode) || objectToolOpen;

  const exit = async () => {
    const leave = await overlay.confirm({
      title: 'Leave the editor?',
      message:
        'Your edits are not saved in the dashboard. Download the image or copy its URL before you leave.',
      confirmLabel: 'Leave',
      dismissLabel: 'Stay',
      style: 'attention',
    });
    if (leave) void navigate(assetPagePath(asset.source_id, asset.origin_path));
  };
  const reset = async () => {
    const confirmed = await overlay.confirm({
      title: 'Reset the image?',
      message: 'Every edit you made to this image will be lost.',
      confirmLabel: 'Reset',
    });
    if (confirmed) update(resetSession());
  };
  const signingFailed = (error: unknown) =>
    toast.error('Could not sign the URL', { description: errorMessageOf(error), editor: true });
  const download = async () => {
    const unsigned = downloadUrlOf(
      fullUrl,
      session.params,
      downloadFileName(fileNameOf(asset.origin_path), session.params.fm),
    );
    try {
      const [signed = unsigned] = await signUrls([unsigned]);
      startDownload(signed);
    } catch (error) {
      signingFailed(error);
      return;
    }
    toast.success('Download started', { editor: true });
    trackEditorEvent(EDITOR_EVENTS.downloaded, asset, session.params);
  };
  const copyUrl = async () => {
    let shared: string;
    try {
      [shared = ''] = await signUrls([renderingUrl(fullUrl, session.params)]);
    } catch (error) {
      signingFailed(error);
      return;
    }
    if (await copyInEditor(shared, 'URL copied')) {
      trackEditorEvent(EDITOR_EVENTS.urlCopied, asset, session.params);
    }
  };
  const copyEmbed = async () => {
    let code: string;
    try {
      code = await signUrlsInSnippet(
        queryClient,
        asset.source_id,
        editorEmbedCode(
          fullUrl,
          session.params,
          asset.alt_text ?? asset.name,
          currentSize(session.params, origin),
        ),
        { baseUrl: fullUrl, html: true },
      );
    } catch (error) {
      signingFailed(error);
      return;
    }
    if (await copyInEditor(code, 'Embed code copied')) {
      trackEditorEvent(EDITOR_EVENTS.embedCopied, asset, session.params);
    }
  };

  const previewPane = (
    <PreviewPane
      url={url ?? ''}
      alt={asset.name}
      state={preview.state}
      onImageError={preview.retryAfterImageError}
      onImageLoad={preview.imageLoaded}
      shownUrl={preview.shownUrl}
      skipped={preview.skipped}
      onDismissSkipped={preview.dismissSkipped}
      onCancel={cancelRender}
    />
  );
  let body;
  if (objectToolOpen) {
    body = (
      <ObjectTool
        params={session.params}
        origin={origin}
        previewUrlFor={(params: EditorParams) => previewUrl(fullUrl, params)}
        onApply={(next) => {
          setParams(next);
          setObjectToolOpen(false);
        }}
        onExit={() => setObjectToolOpen(false)}
      />
    );
  } else if (session.mode === 'crop') {
    body = <CropMode session={session} origin={origin} alt={asset.name} onChange={update} />;
  } else if (session.mode === 'fill') {
    body = (
      <EditorLayout
        main={previewPane}
        sidebarLabel="Fill"
        sidebar={
          <FillSidebar
            session={session}
            origin={origin}
            generativeFillAvailable={capabilities.outpainting}
            loading={loading}
            onChange={update}
          />
        }
      />
    );
  } else {
    body = (
      <EditorLayout
        main={previewPane}
        sidebarLabel="Editing tools"
        sidebar={
          <DefaultSidebar
            session={session}
            origin={origin}
            capabilities={capabilities}
            support={support}
            sourceId={asset.source_id}
            originPath={asset.origin_path}
            loading={loading}
            onChange={update}
            onOpenObjectTool={() => setObjectToolOpen(true)}
          />
        }
      />
    );
  }

  return (
    <div className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-zinc-100 lg:overflow-hidden">
      <EditorTopBar
        exportDisabled={exportDisabled}
        onExit={() => void exit()}
        onReset={() => void reset()}
        onDownload={download}
        onCopyUrl={() => void copyUrl()}
        onCopyEmbed={() => void copyEmbed()}
      />
      {body}
    </div>
  );
}
