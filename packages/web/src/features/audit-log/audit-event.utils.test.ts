import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../api/audit-events.ts';
import {
  auditLookups,
  describeActor,
  describeTarget,
  shortId,
  shortUserAgent,
} from './audit-event.utils.ts';

const ada = { id: '1'.repeat(24), name: 'Ada Lovelace', email: 'ada@example.com' };
const keyId = '4'.repeat(24);
const sourceId = '6'.repeat(24);
const lookups = auditLookups({
  users: [ada],
  apiKeys: [{ id: keyId, name: 'CI purge' }],
  accounts: [{ id: 'a'.repeat(24), company: 'Analytical Engines' }],
});

function event(extra: Partial<AuditEvent>): AuditEvent {
  return {
    id: 'e'.repeat(24),
    account_id: 'a'.repeat(24),
    action: 'sign_in',
    actor_user_id: ada.id,
    actor_name: 'Ada Lovelace',
    actor_api_key_id: null,
    impersonator_user_id: null,
    target_type: null,
    target_id: null,
    details: {},
    ip: '203.0.113.7',
    user_agent: '',
    date_created: Date.UTC(2025, 5, 15, 12),
    ...extra,
  };
}

describe('describeActor', () => {
  it('names the person with their email', () => {
    expect(describeActor(event({}), lookups)).toEqual({
      name: 'Ada Lovelace',
      note: 'ada@example.com',
      viaApiKey: false,
      impersonated: false,
    });
  });

  it('names the key a request carried, and whose it is', () => {
    expect(describeActor(event({ actor_api_key_id: keyId }), lookups)).toMatchObject({
      name: 'API key “CI purge”',
      note: 'of Ada Lovelace',
      viaApiKey: true,
    });
    // A revoked key is named by its use event, else it is just a key.
    const revoked = '5'.repeat(24);
    const use = event({
      action: 'api_key.used',
      actor_api_key_id: revoked,
      target_type: 'api_keys',
      target_id: revoked,
      details: { name: 'Old script' },
    });
    expect(describeActor(use, lookups).name).toBe('API key “Old script”');
    expect(describeActor(event({ actor_api_key_id: revoked }), lookups).name).toBe('An API key');
  });

  it('says when an administrator impersonated the person, and when nobody was signed in', () => {
    expect(
      describeActor(event({ impersonator_user_id: '3'.repeat(24) }), lookups).impersonated,
    ).toBe(true);
    expect(describeActor(event({ actor_user_id: null, actor_name: null }), lookups).name).toBe(
      null,
    );
  });
});

describe('describeTarget', () => {
  it('leaves out the key a use targets, which the actor names already', () => {
    const use = event({
      action: 'api_key.used',
      actor_api_key_id: keyId,
      target_type: 'api_keys',
      target_id: keyId,
    });
    expect(describeTarget(use, lookups, { linkSources: true }).label).toBeNull();
  });

  it('names users, keys and accounts, and links sources in the own account', () => {
    const target = (type: string, id: string, linkSources = true) =>
      describeTarget(event({ target_type: type, target_id: id }), lookups, { linkSources });
    expect(target('users', ada.id).label).toBe('User Ada Lovelace');
    expect(target('api_keys', keyId).label).toBe('API key “CI purge”');
    expect(target('accounts', 'a'.repeat(24)).label).toBe('Account Analytical Engines');
    expect(target('sources', sourceId)).toMatchObject({
      label: 'Source 666666…6666',
      href: `/sources/${sourceId}`,
      id: sourceId,
    });
    expect(target('sources', sourceId, false).href).toBeNull();
  });

  it('adds what the log kept: the groups given, the email tried, the URL purged', () => {
    const added = event({
      action: 'user.added',
      target_type: 'users',
      target_id: '2'.repeat(24),
      details: { permissions: ['purge', 'account_admin'] },
    });
    expect(describeTarget(added, lookups, { linkSources: true })).toMatchObject({
      label: 'User 222222…2222',
      details: ['Groups: Account Admin, Purge'],
    });
    const failed = event({ action: 'sign_in.failed', details: { email: 'eve@example.com' } });
    expect(describeTarget(failed, lookups, { linkSources: true })).toEqual({
      label: null,
      href: null,
      id: null,
      details: ['Email tried: eve@example.com'],
    });
  });

  it('says which upload credentials were set, with the access key masked', () => {
    const keys = event({
      action: 'source.upload_credentials_added',
      target_type: 'sources',
      target_id: sourceId,
      details: { credential: 'access_key', access_key: '••••0001' },
    });
    expect(describeTarget(keys, lookups, { linkSources: true }).details).toEqual([
      'Access key ••••0001',
    ]);
    const sas = event({
      action: 'source.upload_credentials_replaced',
      target_type: 'sources',
      target_id: sourceId,
      details: { credential: 'sas_token' },
    });
    expect(describeTarget(sas, lookups, { linkSources: true }).details).toEqual(['SAS token']);
  });
});

describe('auditLookups', () => {
  it('names a revoked key from the events that recorded its name', () => {
    const revoked = '5'.repeat(24);
    const created = event({
      action: 'api_key.created',
      target_type: 'api_keys',
      target_id: revoked,
      details: { name: 'Old import job' },
    });
    const revocation = event({
      action: 'api_key.revoked',
      target_type: 'api_keys',
      target_id: revoked,
    });
    const withEvents = auditLookups({ events: [revocation, created] });
    expect(describeTarget(revocation, withEvents, { linkSources: true }).label).toBe(
      'API key “Old import job”',
    );
  });
});

describe('shortUserAgent', () => {
  it('tells browser and system in a few words', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
  });

  it('names known tools, falls back to the first product, and says when there was none', () => {
    expect(shortUserAgent('curl/8.4.0')).toBe('curl');
    expect(shortUserAgent('darkroom-sync/2.1 (+https://example.com)')).toBe('darkroom-sync/2.1');
    expect(shortUserAgent('node')).toBe('node');
    expect(shortUserAgent('  ')).toBe('None');
  });
});

describe('shortId', () => {
  it('keeps the ends of a long id', () => {
    expect(shortId('65f0c2aa11bb22cc33dd9e1a')).toBe('65f0c2…9e1a');
    expect(shortId('short')).toBe('short');
  });
});
