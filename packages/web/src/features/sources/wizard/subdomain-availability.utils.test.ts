import { describe, expect, it } from 'vitest';
import { availabilityOf } from './subdomain-availability.utils.ts';

describe('availabilityOf', () => {
  it('says nothing about a subdomain that is not being checked', () => {
    expect(
      availabilityOf({
        candidate: 'acme',
        checked: false,
        answer: { subdomain: 'acme', available: true },
      }),
    ).toEqual({ status: 'idle' });
  });

  it('is checking until an answer arrives', () => {
    expect(availabilityOf({ candidate: 'acme', checked: true, answer: null })).toEqual({
      status: 'checking',
      subdomain: 'acme',
    });
  });

  it('keeps checking while the only answer is for an earlier value', () => {
    expect(
      availabilityOf({
        candidate: 'acme-media',
        checked: true,
        answer: { subdomain: 'acme', available: true },
      }),
    ).toEqual({ status: 'checking', subdomain: 'acme-media' });
  });

  it('reports the answer for the current value, with the reason it is taken', () => {
    expect(
      availabilityOf({
        candidate: 'acme',
        checked: true,
        answer: { subdomain: 'acme', available: true },
      }),
    ).toEqual({ status: 'available', subdomain: 'acme' });
    expect(
      availabilityOf({
        candidate: 'acme',
        checked: true,
        answer: { subdomain: 'acme', available: false, message: 'This subdomain is taken.' },
      }),
    ).toEqual({ status: 'unavailable', subdomain: 'acme', message: 'This subdomain is taken.' });
  });
});
