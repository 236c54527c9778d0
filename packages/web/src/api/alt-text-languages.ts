import type { ResourceObject } from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

/** Spec platform section 7: one list of BCP 47 tags per account. */
type AltTextLanguagesResource = ResourceObject<'languages', { languages: string[] }>;

const ALT_TEXT_LANGUAGES_PATH = '/assets/manual-alt-text';

const altTextLanguageKeys = {
  all: ['alt-text-languages'] as const,
  current: () => [...altTextLanguageKeys.all, 'current'] as const,
};

/** `GET /assets/manual-alt-text`: the languages the account's alt text is written in. */
async function getAltTextLanguages(signal?: AbortSignal): Promise<string[]> {
  const document = await apiFetch<ApiDocument<AltTextLanguagesResource>>(ALT_TEXT_LANGUAGES_PATH, {
    signal,
  });
  return document.data.attributes.languages;
}

/**
 * `POST /assets/manual-alt-text`: replaces the list; the server answers with the tags it stored
 * (canonical, duplicates refused) and rewrites the account's alt text in the background.
 */
async function saveAltTextLanguages(languages: readonly string[]): Promise<string[]> {
  const document = await apiFetch<ApiDocument<AltTextLanguagesResource>>(ALT_TEXT_LANGUAGES_PATH, {
    method: 'POST',
    body: { data: { type: 'languages', attributes: { languages } } },
  });
  return document.data.attributes.languages;
}

export function useAltTextLanguagesQuery() {
  return useQuery({
    queryKey: altTextLanguageKeys.current(),
    queryFn: ({ signal }) => getAltTextLanguages(signal),
  });
}

export function useSaveAltTextLanguagesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAltTextLanguages,
    onSuccess: (languages) => {
      queryClient.setQueryData(altTextLanguageKeys.current(), languages);
    },
  });
}
