import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { Button, CollapsibleSection } from '../../../ui/index.ts';
import { ConfigField, SaveButton, useSaveSource } from './config-controls.tsx';
import {
  SECTION_ISSUE,
  defaultParamIssues,
  paramsOf,
  row,
  serverIssue,
  type ParamIssues,
  type Row,
} from './default-params.utils.ts';

function ParamRow({
  item,
  index,
  issue,
  readOnly,
  onChange,
  onRemove,
}: {
  item: Row;
  index: number;
  issue: string | undefined;
  readOnly: boolean;
  onChange: (change: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const issueId = useId();
  return (
    <li className="space-y-1">
      <div className="flex items-start gap-2">
        <div className="grid flex-1 gap-2 sm:grid-cols-2">
          <ConfigField
            label={`Parameter ${index + 1} name`}
            value={item.key}
            disabled={readOnly}
            invalid={issue !== undefined}
            describedBy={issue ? issueId : undefined}
            onChange={(key) => onChange({ key })}
          />
          <ConfigField
            label={`Parameter ${index + 1} value`}
            value={item.value}
            disabled={readOnly}
            invalid={issue !== undefined}
            describedBy={issue ? issueId : undefined}
            onChange={(value) => onChange({ value })}
          />
        </div>
        {!readOnly && (
          <button
            type="button"
            aria-label={`Remove parameter ${index + 1}`}
            onClick={onRemove}
            className="mt-6 grid size-10 place-items-center rounded-lg text-zinc-500 hover:bg-red-50 hover:text-red-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {issue && (
        <p id={issueId} className="text-xs font-medium text-red-600">
          {issue}
        </p>
      )}
    </li>
  );
}

/** Rendering parameters every URL of the source gets unless it names them itself. */
export function DefaultParamsSection({ source, readOnly }: { source: Source; readOnly: boolean }) {
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(source.production.default_params).map(([key, value]) => row(key, value)),
  );
  const [issues, setIssues] = useState<ParamIssues>({});
  const { save, saving } = useSaveSource(source.id);

  // Issues about the whole list, or about a name no row holds, are shown under the list.
  const rowKeys = new Set(rows.map((item) => item.key.trim()));
  const sectionIssues = Object.entries(issues)
    .filter(([name]) => name === SECTION_ISSUE || !rowKeys.has(name))
    .map(([, message]) => message);

  const update = (list: Row[]) => {
    setRows(list);
    setIssues(defaultParamIssues(list));
  };

  const onSave = async () => {
    const found = defaultParamIssues(rows);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    const result = await save(
      { production: { default_params: paramsOf(rows) } },
      'Default parameters saved',
      { ownsField: (field) => field.startsWith('default_params') },
    );
    if (!result.ok && result.field) setIssues(serverIssue(result.field, result.message));
  };

  return (
    <CollapsibleSection title="Default parameters">
      <p className="mb-3 text-sm text-zinc-600">
        Added to every request of this source unless the URL sets them, for example{' '}
        <code className="rounded bg-zinc-100 px-1">auto</code> ={' '}
        <code className="rounded bg-zinc-100 px-1">format</code>.
      </p>
      <ul className="space-y-3">
        {rows.map((item, index) => (
          <ParamRow
            key={item.id}
            item={item}
            index={index}
            issue={item.key.trim() === '' ? undefined : issues[item.key.trim()]}
            readOnly={readOnly}
            onChange={(change) =>
              update(rows.map((r) => (r.id === item.id ? { ...r, ...change } : r)))
            }
            onRemove={() => update(rows.filter((r) => r.id !== item.id))}
          />
        ))}
      </ul>
      {rows.length === 0 && <p className="text-sm text-zinc-500">No default parameters.</p>}
      {sectionIssues.map((message) => (
        <p key={message} role="alert" className="mt-2 text-xs font-medium text-red-600">
          {message}
        </p>
      ))}
      {!readOnly && (
        <Button
          type="button"
          variant="secondary"
          size="small"
          className="mt-3"
          onClick={() => update([...rows, row('', '')])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add parameter
        </Button>
      )}
      <SaveButton
        readOnly={readOnly}
        saving={saving}
        disabled={Object.keys(issues).length > 0}
        onSave={() => void onSave()}
        label="Save default parameters"
      />
    </CollapsibleSection>
  );
}
