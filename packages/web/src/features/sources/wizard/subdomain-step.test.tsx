import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { SubdomainStep } from './subdomain-step.tsx';

function WithForm({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { subdomain: 'acme' } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderStep(deliveryDomain: string) {
  render(
    <WithForm>
      <SubdomainStep
        deliveryDomain={deliveryDomain}
        availability={{ status: 'idle' }}
        banner={null}
        deploying={false}
        canDeploy
        onBack={() => {}}
      />
    </WithForm>,
  );
}

describe('SubdomainStep', () => {
  it('shows http:// before a local delivery domain, which is served without TLS', () => {
    renderStep('localhost:8080');
    expect(screen.getByText('http://')).toBeInTheDocument();
    expect(screen.queryByText('https://')).not.toBeInTheDocument();
    expect(screen.getByText('.localhost:8080')).toBeInTheDocument();
  });

  it('shows https:// before a public delivery domain', () => {
    renderStep('img.example.com');
    expect(screen.getByText('https://')).toBeInTheDocument();
  });
});
