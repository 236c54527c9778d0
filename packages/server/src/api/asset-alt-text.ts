import type { FastifyInstance } from 'fastify';
import { ALT_TEXT_LANGUAGES, altTextLanguageOf, MAX_ALT_TEXT_LANGUAGES } from '@darkroom/core';
import { z } from 'zod';
import { requestAccountReanalysis } from '../assets/analysis/request.ts';
import { altTextLanguagesOf, saveAltTextLanguages } from '../store/assets.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { issueErrors } from './field-errors.ts';
import { requestAttributes } from './request-document.ts';
import { describeRoutes } from './openapi/registry.ts';

/** A BCP 47 language tag in its canonical case ('en-us' -> 'en-US'), or null. */
function canonicalLanguageTag(value: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical ?? null;
  } catch {
    return null;
  }
}

const languagesSchema = z.object({
  languages: z
    .array(z.string({ error: 'Each language must be a BCP 47 tag such as en or pt-BR.' }), {
      error: 'languages must be a list of BCP 47 tags such as ["en", "pt-BR"].',
    })
    .min(1, 'Choose at least one language.')
    .max(MAX_ALT_TEXT_LANGUAGES, `Choose at most ${MAX_ALT_TEXT_LANGUAGES} languages.`)
    .transform((values, context) => {
      const tags: string[] = [];
      values.forEach((value, index) => {
        const tag = canonicalLanguageTag(value.trim());
        if (tag === null) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `"${value}" is not a BCP 47 language tag such as en or pt-BR.`,
          });
        } else if (altTextLanguageOf(tag) === null) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `Alt text cannot be written in ${tag} yet; choose from ${ALT_TEXT_LANGUAGES.map((language) => `${language.name} (${language.code})`).join(', ')}.`,
          });
        } else if (tags.includes(tag)) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `${tag} is already in the list.`,
          });
        } else {
          tags.push(tag);
        }
      });
      return tags;
    }),
});

function languagesResource(accountId: string, languages: readonly string[]) {
  return { type: 'languages', id: accountId, attributes: { languages: [...languages] } };
}

/**
 * `GET` and `POST /assets/manual-alt-text` (spec platform section 7): the languages an account
 * wants alt text written in, one list per account.
 */
export function assetAltTextRoutes(app: FastifyInstance): void {
  const { db } = app.darkroom.database;
  describeRoutes(app, {
    'GET /assets/manual-alt-text': {
      summary: 'The languages alt text is written in',
      tag: 'Assets',
      answer: { status: 200, resource: 'languages' },
    },
    'POST /assets/manual-alt-text': {
      summary: 'Choose the languages alt text is written in',
      description:
        "Answers 201 the first time the account chooses, 200 after; a changed list has the account's assets analysed again.",
      tag: 'Assets',
      body: { resource: 'languages', attributes: languagesSchema },
      answer: { status: 200, resource: 'languages' },
    },
  });

  app.get('/assets/manual-alt-text', async (request, reply) => {
    const { accountId } = requireAuth(request).user;
    const languages = await altTextLanguagesOf(db, accountId);
    return sendData(reply, 200, languagesResource(accountId, languages));
  });

  app.post('/assets/manual-alt-text', async (request, reply) => {
    const { accountId } = requireAuth(request).user;
    const parsed = languagesSchema.safeParse(requestAttributes(request.body, 'languages'));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const before = await altTextLanguagesOf(db, accountId);
    const created = await saveAltTextLanguages(db, accountId, parsed.data.languages);
    if (before.join() !== parsed.data.languages.join()) {
      await requestAccountReanalysis(db, accountId);
    }
    return sendData(
      reply,
      created ? 201 : 200,
      languagesResource(accountId, parsed.data.languages),
    );
  });
}
