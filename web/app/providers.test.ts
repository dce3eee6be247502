import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '../features/auth/api/get-me.ts';
import { ApiRequestError } from '../lib/api-fetch.ts';
import { onApiError } from './providers.tsx';

const me = { id: 'u1', email: 'a@example.org', role: 'admin', isActive: true };

describe('a lost session', () => {
  it('clears the cached account on a 401 from any call, so the guard sends the user to sign in', () => {
    const client = new QueryClient();
    client.setQueryData(ME_QUERY_KEY, me);
    onApiError(client, new ApiRequestError(403, 'FORBIDDEN', 'No'));
    onApiError(client, new Error('offline'));
    expect(client.getQueryData(ME_QUERY_KEY)).toEqual(me);
    onApiError(client, new ApiRequestError(401, 'UNAUTHORIZED', 'Please sign in.'));
    expect(client.getQueryData(ME_QUERY_KEY)).toBeNull();
  });

  it('leaves a guest as a guest (a wrong password at sign-in is a 401 too)', () => {
    const client = new QueryClient();
    onApiError(client, new ApiRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid'));
    expect(client.getQueryData(ME_QUERY_KEY)).toBeUndefined();
  });
});
