import {
  GENERIC_FORM_ERROR,
  defaultConfiguration,
  defaultSubdomain,
  fieldsFor,
  missingRequiredFields,
  pickProviderFields,
  subdomainSchema,
  type SourceConfiguration,
} from '@darkroom/core';
import { clsx } from 'clsx';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { track } from '../../../analytics/track.ts';
import { useAccountQuery, type Account } from '../../../api/accounts.ts';
import type { PlatformSettings } from '../../../api/platform-settings.ts';
import { usePlatformSettingsQuery } from '../../../api/platform-settings.ts';
import { useCreateSourceMutation, useHasSourcesQuery, type Source } from '../../../api/sources.ts';
import { validateDomain, validateSourceConfiguration } from '../../../api/validations.ts';
import { useDocumentTitle } from '../../../app/document-title.ts';
import { redirectTo } from '../../../app/redirect.ts';
import { useSession } from '../../../app/session.ts';
import { Form, useOverlay, useZodForm } from '../../../ui/index.ts';
import { PlanLimitNotice } from '../../billing/plan-limit-notice.tsx';
import { planLimitOf, type PlanLimit } from '../../billing/plan-limit.utils.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListError } from '../../lists/list-states.tsx';
import { schemasFor } from '../source-schemas.ts';
import { SOURCE_EVENTS } from '../sources-events.ts';
import { configurationKey, domainErrorMessage, mapApiError } from '../sources.utils.ts';
import { burstConfetti } from './confetti.ts';
import { LinkStorageStep, type WizardBanner } from './link-storage-step.tsx';
import { StorageTypeStep } from './storage-type-step.tsx';
import { SubdomainStep, type Availability } from './subdomain-step.tsx';
import { SuccessModal } from './success-modal.tsx';
import { useWideScreen } from './use-wide-screen.ts';
import { WalkthroughPanel } from './walkthrough-panel.tsx';
import { WizardProgress } from './wizard-progress.tsx';
import {
  cardFor,
  initialWizardState,
  isProviderCardId,
  needsServerValidation,
  wizardReducer,
  type CardId,
} from './wizard.utils.ts';

/** How long typing pauses before the subdomain's availability is asked. */
export const AVAILABILITY_DEBOUNCE_MS = 400;

const subdomainFormSchema = z.object({ subdomain: subdomainSchema });
type SubdomainValues = z.input<typeof subdomainFormSchema>;

/** The source creation wizard (route /sources/new), spec platform sections 2 and 4. */
export function NewSourcePage() {
  useDocumentTitle('New source');
  const session = useSession();
  const settings = usePlatformSettingsQuery();
  const account = useAccountQuery(session?.accountId);
  const hasSources = useHasSourcesQuery();

  if (settings.isPending) {
    return (
      <div role="status" className="mx-auto max-w-3xl px-4 py-8">
        <span className="sr-only">Loading the wizard</span>
        <div
          aria-hidden="true"
          className="h-64 animate-pulse rounded-lg bg-white ring-1 ring-zinc-200"
        />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ListError
          message={errorMessageOf(settings.error)}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      </div>
    );
  }
  return (
    <SourceWizard settings={settings.data} account={account.data} hasSources={hasSources.data} />
  );
}

function SourceWizard({
  settings,
  account,
  hasSources,
}: {
  settings: PlatformSettings;
  account: Account | undefined;
  hasSources: boolean | undefined;
}) {
  const schemas = schemasFor(settings);
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const configForm = useZodForm(
    schemas.configuration as unknown as z.ZodType<SourceConfiguration, FieldValues>,
    { mode: 'onChange', defaultValues: {} },
  );
  const subdomainForm = useZodForm(subdomainFormSchema, {
    mode: 'onChange',
    defaultValues: { subdomain: '' },
  });
  const overlay = useOverlay();
  const wide = useWideScreen();
  const createSource = useCreateSourceMutation();
  const [banner, setBanner] = useState<WizardBanner | null>(null);
  const [deployBanner, setDeployBanner] = useState<string | null>(null);
  const [planLimit, setPlanLimit] = useState<PlanLimit | null>(null);
  const [validating, setValidating] = useState(false);
  const [walkthroughOpen, setWalkthroughOpen] = useState(false);
  const [answer, setAnswer] = useState<{
    subdomain: string;
    available: boolean;
    message?: string;
  } | null>(null);
  const [created, setCreated] = useState<Source | null>(null);
  // The configuration as the server will store it (parsed), from the last successful Continue.
  const validatedConfiguration = useRef<Record<string, unknown> | null>(null);

  const configValues = useWatch({ control: configForm.control }) as Record<string, unknown>;
  const { errors: configErrors, isDirty: configDirty } = configForm.formState;
  const canContinue =
    state.cardId !== null &&
    missingRequiredFields(configValues).length === 0 &&
    Object.keys(configErrors).every((name) => name === 'root');

  const subdomain = useWatch({ control: subdomainForm.control, name: 'subdomain' });
  const { errors: subdomainErrors, isSubmitting: deploying } = subdomainForm.formState;
  const canDeploy = subdomain.trim() !== '' && subdomainErrors.subdomain === undefined;

  // Spec section 4: the link step counts as complete only while it matches what was validated.
  useEffect(() => {
    const subscription = configForm.watch((values) => {
      dispatch({
        type: 'configurationEdited',
        key: configurationKey(pickProviderFields(values as Record<string, unknown>)),
      });
    });
    return () => subscription.unsubscribe();
  }, [configForm]);

  // Spec section 5: the default subdomain is 9 characters derived from the company name.
  const company = account?.company;
  useEffect(() => {
    if (company !== undefined && subdomainForm.getValues('subdomain') === '') {
      subdomainForm.setValue('subdomain', defaultSubdomain(company), { shouldValidate: true });
    }
  }, [company, subdomainForm]);

  // Availability is asked once typing pauses; a later value cancels the earlier question.
  const candidate = subdomain.trim();
  const wellFormed = subdomainSchema.safeParse(candidate).success;
  useEffect(() => {
    if (state.step !== 3 || !wellFormed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validateDomain({ darkroom_subdomain: candidate }, controller.signal).then(
        () => setAnswer({ subdomain: candidate, available: true }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = domainErrorMessage(error);
          setAnswer({ subdomain: candidate, available: false, message });
          subdomainForm.setError('subdomain', { type: 'server', message });
        },
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [candidate, wellFormed, state.step, subdomainForm]);
  const availability: Availability =
    !wellFormed || state.step !== 3
      ? { status: 'idle' }
      : answer?.subdomain !== candidate
        ? { status: 'checking', subdomain: candidate }
        : answer.available
          ? { status: 'available', subdomain: candidate }
          : { status: 'unavailable', subdomain: candidate, message: answer.message ?? '' };

  const card = state.cardId === null ? null : cardFor(state.cardId);

  const startOver = (cardId: CardId) => {
    const next = cardFor(cardId);
    configForm.reset(defaultConfiguration(next.type, next.storage_provider));
    validatedConfiguration.current = null;
    setBanner(null);
    setWalkthroughOpen(false);
  };

  const chooseCard = async (cardId: CardId) => {
    if (cardId === state.cardId) return;
    if (state.cardId !== null && configDirty) {
      // Spec section 4: edited fields belong to the old type, so switching asks first.
      const confirmed = await overlay.confirm({
        title: 'Switching source types will clear this form',
        message: `The details you entered for ${cardFor(state.cardId).label} will be cleared.`,
        confirmLabel: 'Okay',
        dismissLabel: 'Cancel',
        style: 'attention',
      });
      if (!confirmed) return;
      startOver(cardId);
      dispatch({ type: 'switchCard', cardId });
      return;
    }
    startOver(cardId);
    dispatch({ type: 'chooseCard', cardId });
  };

  const showValidationError = (error: unknown) => {
    const mapped = mapApiError(error);
    track(SOURCE_EVENTS.wizardValidationError, {
      form_type: 'wizard',
      source_type: state.cardId,
      error_title: mapped.title,
    });
    const fieldNames = card ? fieldsFor(card.type, card.storage_provider).map((f) => f.name) : [];
    if (mapped.kind === 'field' && fieldNames.includes(mapped.field)) {
      configForm.setError(
        mapped.field,
        { type: 'server', message: mapped.message },
        { shouldFocus: true },
      );
    } else if (mapped.kind === 'form' && mapped.code === 'invalid_source_config') {
      setBanner({ message: mapped.message, ...(mapped.detail ? { detail: mapped.detail } : {}) });
    } else {
      setBanner({ message: GENERIC_FORM_ERROR });
    }
  };

  const submitConfiguration = async (parsed: SourceConfiguration) => {
    if (!card) return;
    const key = configurationKey(pickProviderFields(configForm.getValues()));
    const configuration = pickProviderFields(parsed as Record<string, unknown>);
    setBanner(null);
    if (needsServerValidation(state, card.type, key)) {
      setValidating(true);
      try {
        await validateSourceConfiguration(configuration);
      } catch (error) {
        showValidationError(error);
        return;
      } finally {
        setValidating(false);
      }
    }
    validatedConfiguration.current = configuration;
    setWalkthroughOpen(false);
    dispatch({ type: 'configurationValidated', key: card.type === 'webproxy' ? null : key });
  };

  const deploy = async ({ subdomain: chosen }: SubdomainValues) => {
    setDeployBanner(null);
    setPlanLimit(null);
    const configuration = validatedConfiguration.current;
    if (!configuration) {
      dispatch({ type: 'goToStep', step: 2 });
      return;
    }
    if (!(availability.status === 'available' && availability.subdomain === chosen)) {
      try {
        await validateDomain({ darkroom_subdomain: chosen });
      } catch (error) {
        subdomainForm.setError(
          'subdomain',
          { type: 'server', message: domainErrorMessage(error) },
          { shouldFocus: true },
        );
        return;
      }
    }
    try {
      const source = await createSource.mutateAsync({
        name: chosen,
        production: { ...configuration, darkroom_subdomains: [chosen] },
      });
      dispatch({ type: 'deployed' });
      track(SOURCE_EVENTS.sourceCreated, { source_type: state.cardId, source_id: source.id });
      void burstConfetti().catch(() => undefined);
      setCreated(source);
    } catch (error) {
      // Issue 9, item 6: a refusal by the plan's source limit comes with the way to upgrade.
      const limit = planLimitOf(error);
      if (limit) {
        setPlanLimit(limit);
        return;
      }
      const mapped = mapApiError(error);
      if (mapped.kind === 'field' && mapped.field.startsWith('darkroom_subdomains')) {
        subdomainForm.setError(
          'subdomain',
          { type: 'server', message: mapped.message },
          { shouldFocus: true },
        );
      } else {
        setDeployBanner(mapped.message);
      }
    }
  };

  const goNext = () => {
    if (state.step === 1 && state.cardId !== null) dispatch({ type: 'goToStep', step: 2 });
    else if (state.step === 2) void configForm.handleSubmit(submitConfiguration)();
  };
  const goBack = () => {
    if (state.step > 1) dispatch({ type: 'goToStep', step: (state.step - 1) as 1 | 2 });
  };

  const openWalkthrough = () => {
    setWalkthroughOpen(true);
    track(SOURCE_EVENTS.walkthroughOpened, { source_type: state.cardId });
  };

  const walkthroughCard =
    state.step === 2 && walkthroughOpen && state.cardId !== null && isProviderCardId(state.cardId)
      ? state.cardId
      : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">New source</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Connect your storage and get a subdomain that serves your media.
        </p>
      </div>
      <div
        data-layout={wide ? 'desktop' : 'mobile'}
        className={clsx('flex gap-6', wide ? 'flex-row items-start' : 'flex-col')}
      >
        <div
          className={clsx(
            'min-w-0 flex-1 space-y-6 rounded-lg bg-white shadow-sm ring-1 ring-zinc-200',
            wide ? 'p-8' : 'p-4',
          )}
        >
          <WizardProgress
            step={state.step}
            onPrevious={goBack}
            onNext={goNext}
            nextDisabled={state.step === 1 ? state.cardId === null : !canContinue || validating}
          />
          {state.step === 1 && (
            <StorageTypeStep
              cardId={state.cardId}
              webproxyAccess={account?.webproxy_access ?? false}
              hasSources={hasSources}
              onChoose={(cardId) => void chooseCard(cardId)}
              onContinue={goNext}
            />
          )}
          {state.step === 2 && state.cardId !== null && (
            <Form form={configForm} onSubmit={submitConfiguration}>
              <LinkStorageStep
                cardId={state.cardId}
                banner={banner}
                validating={validating}
                wide={wide}
                walkthroughOpen={walkthroughOpen}
                onOpenWalkthrough={openWalkthrough}
                onBack={goBack}
                canContinue={canContinue}
                maxUploadBytes={settings.max_origin_bytes}
              />
            </Form>
          )}
          {state.step === 3 && (
            <Form form={subdomainForm} onSubmit={deploy}>
              <SubdomainStep
                deliveryDomain={settings.delivery_domain}
                availability={availability}
                banner={deployBanner}
                notice={
                  planLimit && <PlanLimitNotice feature="sources" message={planLimit.message} />
                }
                deploying={deploying}
                canDeploy={canDeploy && created === null}
                onBack={goBack}
              />
            </Form>
          )}
        </div>
        {walkthroughCard !== null && (
          <WalkthroughPanel
            cardId={walkthroughCard}
            wide={wide}
            onClose={() => setWalkthroughOpen(false)}
          />
        )}
      </div>
      {created && (
        <SuccessModal
          source={created}
          deliveryDomain={settings.delivery_domain}
          onContinue={() => redirectTo(`/sources/${created.id}`)}
        />
      )}
    </div>
  );
}
