import {
  defaultConfiguration,
  defaultSubdomain,
  fieldsFor,
  missingRequiredFields,
  pickProviderFields,
  wizardBannerOf,
  type SourceConfiguration,
} from '@darkroom/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { track } from '../../../analytics/track.ts';
import { useAccountQuery, type Account } from '../../../api/accounts.ts';
import type { PlatformSettings } from '../../../api/platform-settings.ts';
import { usePlatformSettingsQuery } from '../../../api/platform-settings.ts';
import { useHasSourcesQuery } from '../../../api/sources.ts';
import { validateSourceConfiguration } from '../../../api/validations.ts';
import { useDocumentTitle } from '../../../app/document-title.ts';
import { redirectTo } from '../../../app/redirect.ts';
import { useSession } from '../../../app/session.ts';
import { Form, useOverlay, useZodForm } from '../../../ui/index.ts';
import { PlanLimitNotice } from '../../billing/plan-limit-notice.tsx';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ListError } from '../../lists/list-states.tsx';
import { PermissionGate } from '../../permissions/permission-required.tsx';
import { schemasFor } from '../source-schemas.ts';
import { SOURCE_EVENTS } from '../sources-events.ts';
import { configurationKey, mapApiError } from '../sources.utils.ts';
import { LinkStorageStep, type WizardBanner } from './link-storage-step.tsx';
import { StorageTypeStep } from './storage-type-step.tsx';
import { SubdomainStep } from './subdomain-step.tsx';
import { SuccessModal } from './success-modal.tsx';
import { useDeploySource } from './use-deploy-source.ts';
import { useSubdomainAvailability } from './use-subdomain-availability.ts';
import { useSubdomainForm } from './use-subdomain-form.ts';
import { useWizardUploadCredentials } from './use-wizard-upload-credentials.tsx';
import { useWideScreen } from './use-wide-screen.ts';
import { WalkthroughPanel } from './walkthrough-panel.tsx';
import { WizardLayout } from './wizard-layout.tsx';
import { WizardProgress } from './wizard-progress.tsx';
import {
  cardFor,
  initialWizardState,
  isProviderCardId,
  needsServerValidation,
  wizardReducer,
  type CardId,
} from './wizard.utils.ts';

/**
 * The source creation wizard (route /sources/new), spec platform sections 2 and 4. Creating a
 * source needs the Sources group (spec section 5).
 */
export function NewSourcePage() {
  return (
    <PermissionGate group="sources" title="New source">
      <NewSourceScreen />
    </PermissionGate>
  );
}

function NewSourceScreen() {
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
  const subdomainForm = useSubdomainForm();
  const overlay = useOverlay();
  const wide = useWideScreen();
  const [banner, setBanner] = useState<WizardBanner | null>(null);
  const [validating, setValidating] = useState(false);
  const [walkthroughOpen, setWalkthroughOpen] = useState(false);
  // The configuration as the server will store it (parsed), from the last successful Continue.
  const validatedConfiguration = useRef<Record<string, unknown> | null>(null);
  const uploadCredentials = useWizardUploadCredentials();

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

  const availability = useSubdomainAvailability(subdomainForm, subdomain, state.step === 3);
  const {
    deploy,
    created,
    banner: deployBanner,
    planLimit,
  } = useDeploySource({
    form: subdomainForm,
    availability,
    validatedConfiguration,
    validatedUploadCredentials: uploadCredentials.validated,
    cardId: state.cardId,
    dispatch,
  });

  const card = state.cardId === null ? null : cardFor(state.cardId);

  const startOver = (cardId: CardId) => {
    const next = cardFor(cardId);
    configForm.reset(defaultConfiguration(next.type, next.storage_provider));
    validatedConfiguration.current = null;
    uploadCredentials.reset();
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
    } else {
      setBanner(wizardBannerOf(mapped));
    }
  };

  const submitConfiguration = async (parsed: SourceConfiguration) => {
    if (!card) return;
    const key = configurationKey(pickProviderFields(configForm.getValues()));
    const configuration = pickProviderFields(parsed as Record<string, unknown>);
    setBanner(null);
    const upload = uploadCredentials.check(card.type);
    if (upload.kind === 'invalid') return;
    const uploadChanges = upload.kind === 'prove' ? upload.changes : null;
    // Typed upload credentials are proven on every Continue: they are not in the step's key.
    if (needsServerValidation(state, card.type, key) || uploadChanges !== null) {
      setValidating(true);
      try {
        await validateSourceConfiguration(configuration, uploadChanges);
      } catch (error) {
        if (!uploadCredentials.showCheckError(error)) showValidationError(error);
        return;
      } finally {
        setValidating(false);
      }
    }
    validatedConfiguration.current = configuration;
    uploadCredentials.keepProven(uploadChanges);
    setWalkthroughOpen(false);
    dispatch({ type: 'configurationValidated', key: card.type === 'webproxy' ? null : key });
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
    <WizardLayout
      wide={wide}
      panel={
        walkthroughCard !== null && (
          <WalkthroughPanel
            cardId={walkthroughCard}
            wide={wide}
            onClose={() => setWalkthroughOpen(false)}
          />
        )
      }
      modal={
        created && (
          <SuccessModal
            source={created}
            deliveryDomain={settings.delivery_domain}
            onContinue={() => redirectTo(`/sources/${created.id}`)}
          />
        )
      }
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
            uploadCredentials={card && uploadCredentials.group(card.type, validating)}
          />
        </Form>
      )}
      {state.step === 3 && (
        <Form form={subdomainForm} onSubmit={deploy}>
          <SubdomainStep
            deliveryDomain={settings.delivery_domain}
            availability={availability}
            banner={deployBanner}
            notice={planLimit && <PlanLimitNotice feature="sources" message={planLimit.message} />}
            deploying={deploying}
            canDeploy={canDeploy && created === null}
            onBack={goBack}
          />
        </Form>
      )}
    </WizardLayout>
  );
}
