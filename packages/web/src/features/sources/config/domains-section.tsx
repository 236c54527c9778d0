import { subdomainSchema } from '@darkroom/core';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { validateDomain } from '../../../api/validations.ts';
import { Button, CollapsibleSection } from '../../../ui/index.ts';
import type { SourceSchemas } from '../source-schemas.ts';
import { domainErrorMessage, subdomainUrl } from '../sources.utils.ts';
import { ConfigField, SaveButton, UpgradeCard, useSaveSource } from './config-controls.tsx';

type DomainKind = 'darkroom_subdomains' | 'custom_domains';

function DomainList({
  kind,
  title,
  domains,
  display,
  readOnly,
  minimum,
  validateFormat,
  onChange,
}: {
  kind: DomainKind;
  title: string;
  domains: string[];
  display: (domain: string) => string;
  readOnly: boolean;
  minimum: number;
  validateFormat: (domain: string) => string | null;
  onChange: (domains: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);

  const add = async () => {
    const domain = draft.trim().toLowerCase();
    const problem =
      validateFormat(domain) ??
      (domains.includes(domain) ? 'This domain already exists on this source.' : null);
    if (problem) {
      setError(problem);
      return;
    }
    setChecking(true);
    try {
      await validateDomain(
        kind === 'darkroom_subdomains' ? { darkroom_subdomain: domain } : { custom_domain: domain },
      );
      onChange([...domains, domain]);
      setDraft('');
      setError(undefined);
    } catch (caught) {
      setError(domainErrorMessage(caught));
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="space-y-2">
      <h4 className="text-sm font-medium text-zinc-800">{title}</h4>
      {domains.length === 0 ? (
        <p className="text-sm text-zinc-500">None yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200">
          {domains.map((domain) => (
            <li key={domain} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="truncate text-zinc-800">{display(domain)}</span>
              {!readOnly && (
                <button
                  type="button"
                  aria-label={`Remove ${domain}`}
                  disabled={domains.length <= minimum}
                  onClick={() => onChange(domains.filter((item) => item !== domain))}
                  className="grid size-8 place-items-center rounded-lg text-zinc-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-40"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <ConfigField
              label={kind === 'darkroom_subdomains' ? 'New subdomain' : 'New custom domain'}
              value={draft}
              placeholder={kind === 'darkroom_subdomains' ? 'my-images' : 'images.example.com'}
              error={error}
              onChange={(value) => {
                setDraft(value);
                setError(
                  value.trim() === ''
                    ? undefined
                    : (validateFormat(value.trim().toLowerCase()) ?? undefined),
                );
              }}
            />
          </div>
          <Button
            type="button"
            variant="secondary"
            className="mt-6"
            working={checking}
            disabled={draft.trim() === '' || error !== undefined}
            onClick={() => void add()}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add
          </Button>
        </div>
      )}
    </div>
  );
}

/** Subdomains and custom domains: added after a format and availability check, saved together. */
export function DomainsSection({
  source,
  schemas,
  deliveryDomain,
  readOnly,
}: {
  source: Source;
  schemas: SourceSchemas;
  deliveryDomain: string;
  readOnly: boolean;
}) {
  const [subdomains, setSubdomains] = useState(source.production.darkroom_subdomains);
  const [customDomains, setCustomDomains] = useState(source.production.custom_domains);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { save, saving } = useSaveSource(source.id);
  const changed =
    subdomains.join() !== source.production.darkroom_subdomains.join() ||
    customDomains.join() !== source.production.custom_domains.join();

  const firstIssue = (result: {
    success: boolean;
    error?: { issues: Array<{ message: string }> };
  }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

  const onSave = async () => {
    setSaveError(null);
    const result = await save(
      { production: { darkroom_subdomains: subdomains, custom_domains: customDomains } },
      'Domains saved',
    );
    if (!result.ok && result.field) setSaveError(result.message);
  };

  return (
    <CollapsibleSection title="Domains">
      <div className="space-y-6">
        <DomainList
          kind="darkroom_subdomains"
          title="Subdomains"
          domains={subdomains}
          display={(domain) => subdomainUrl(domain, deliveryDomain)}
          readOnly={readOnly}
          minimum={1}
          validateFormat={(domain) => firstIssue(subdomainSchema.safeParse(domain))}
          onChange={setSubdomains}
        />
        <div className="space-y-3">
          {!readOnly && <UpgradeCard feature="custom domains" sourceId={source.id} />}
          <DomainList
            kind="custom_domains"
            title="Custom domains"
            domains={customDomains}
            display={(domain) => domain}
            readOnly={readOnly}
            minimum={0}
            validateFormat={(domain) => firstIssue(schemas.customDomain.safeParse(domain))}
            onChange={setCustomDomains}
          />
        </div>
        {saveError && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {saveError}
          </p>
        )}
      </div>
      <SaveButton
        readOnly={readOnly}
        saving={saving}
        disabled={!changed}
        onSave={() => void onSave()}
        label="Save domains"
      />
    </CollapsibleSection>
  );
}
