import { Copy } from 'lucide-react';
import type { Asset } from '../../api/assets.ts';
import { Badge, Button } from '../../ui/index.ts';
import { altTextLanguageName, confidencePercent } from './asset-analysis.utils.ts';
import { copyToClipboard } from './copy-to-clipboard.ts';

/** The detected objects, most confident first, with how sure the detector is of each. */
export function AssetLabels({ labels }: { labels: Asset['labels'] }) {
  if (labels.length === 0) return <>—</>;
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-2">
      {labels.map((label) => (
        <li key={label.name}>
          <Badge color="slate">
            {label.name} · {confidencePercent(label.confidence)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * The generated alt text, one per language the account chose, each with a copy button. Only
 * English is composed for the scene; the other languages fill a fixed sentence pattern, and the
 * page says so rather than passing them off as written for the image.
 */
export function AltTextPredictions({
  predictions,
}: {
  predictions: Asset['labels_alt_text_predictions'];
}) {
  if (predictions.length === 0) return <>—</>;
  return (
    <ul aria-label="Alt-text predictions" className="flex flex-col gap-3">
      {predictions.map((prediction) => {
        const language = altTextLanguageName(prediction.language);
        return (
          <li key={prediction.language} className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-medium text-zinc-600">
                {language}
                {prediction.templated && (
                  <span className="font-normal text-zinc-500">
                    {' '}
                    · templated: fixed sentence pattern with translated words
                  </span>
                )}
              </p>
              <p lang={prediction.language}>{prediction.text}</p>
            </div>
            <Button
              type="button"
              variant="secondary"
              size="small"
              aria-label={`Copy the ${language} alt text`}
              onClick={() => void copyToClipboard(prediction.text, 'Alt text copied')}
            >
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
