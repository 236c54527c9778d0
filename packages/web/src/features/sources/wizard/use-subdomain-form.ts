import { subdomainSchema } from '@darkroom/core';
import { z } from 'zod';
import { useZodForm } from '../../../ui/index.ts';

const subdomainFormSchema = z.object({ subdomain: subdomainSchema });
export type SubdomainValues = z.input<typeof subdomainFormSchema>;

/** The form of step 3, validated as it is typed so Deploy Source enables only for a valid name. */
export function useSubdomainForm() {
  return useZodForm(subdomainFormSchema, {
    mode: 'onChange',
    defaultValues: { subdomain: '' },
  });
}

export type SubdomainForm = ReturnType<typeof useSubdomainForm>;
