import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  ABORTED_MESSAGE,
  ACCOUNT_DELETED_REASON,
  ApiError,
  BACKOFF_MS,
  DEFAULT_API_BASE,
  buildUrl,
  del,
  get,
  getApiBase,
  patch,
  post,
  put,
  request,
  SessionEndedError,
  setApiBase,
  setOnForbidden,
  setOnUnauthorized,
  setTokenProvider,
} from './client';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: FetchMock;

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

/** Track whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, value: undefined as T | undefined, error: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setApiBase(undefined);
  setTokenProvider(undefined);
  setOnUnauthorized(undefined);
  setOnForbidden(undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('base URL', () => {
  it('defaults to /api/v1', () => {
    expect(DEFAULT_API_BASE).toBe('/api/v1');
    expect(getApiBase()).toBe('/api/v1');
    expect(buildUrl('/system/info')).toBe('/api/v1/system/info');
    expect(buildUrl('organization/7/members')).toBe('/api/v1/organization/7/members');
  });

  it('can be overridden with setApiBase, and falls back to the default when emptied', async () => {
    setApiBase('https://api.example.org/prod/api/v1/');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await get('/system/info');
    expect(lastCall().url).toBe('https://api.example.org/prod/api/v1/system/info');

    setApiBase('');
    expect(getApiBase()).toBe('/api/v1');
  });

  it('passes absolute URLs through and appends query parameters, repeating arrays, skipping empties', () => {
    expect(buildUrl('http://127.0.0.1:8002/userinfo')).toBe('http://127.0.0.1:8002/userinfo');
    expect(buildUrl('/station', { limit: 10, s: '{"a":1}', fields: ['id', 'name'], skip: undefined, no: null })).toBe(
      '/api/v1/station?limit=10&s=%7B%22a%22%3A1%7D&fields=id&fields=name',
    );
    expect(buildUrl('/sampleValue?x=1', { page: 2 })).toBe('/api/v1/sampleValue?x=1&page=2');
  });
});

describe('JSON in and out', () => {
  it('resolves with the response body itself', async () => {
    const info = { name: 'Open Water Data', version: '0.1.0', stage: 'local', buildTime: '' };
    fetchMock.mockResolvedValue(jsonResponse(200, info));

    await expect(get('/system/info')).resolves.toEqual(info);
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/system/info');
    expect(init.method).toBe('GET');
    expect(headers.Accept).toBe('application/json');
    expect(init.body).toBeUndefined();
  });

  it('sends bodies as JSON with post, put and patch; del sends none', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { ok: true })));

    await post('/roles/', { roleName: 'admin' });
    expect(lastCall().init.method).toBe('POST');
    expect(lastCall().init.body).toBe('{"roleName":"admin"}');
    expect(lastCall().headers['Content-Type']).toBe('application/json');

    await put('/user/1/roles/', [{ id: 'r1' }]);
    expect(lastCall().init.method).toBe('PUT');
    expect(lastCall().init.body).toBe('[{"id":"r1"}]');

    await patch('/user/1', { id: '1', name: 'Ada' });
    expect(lastCall().init.method).toBe('PATCH');
    expect(lastCall().url).toBe('/api/v1/user/1');

    await del('/roles/9');
    expect(lastCall().init.method).toBe('DELETE');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().url).toBe('/api/v1/roles/9');
    expect(lastCall().init.keepalive).toBeUndefined();
  });

  it('keeps a request alive past the page when asked (a layout saved as the page goes)', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { ok: true })));
    await patch('/dashboards/d1', { positions: {} }, { keepalive: true });
    expect(lastCall().init.keepalive).toBe(true);
  });

  it('sends FormData as it is, letting the browser set the content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['{}'], { type: 'application/geo+json' }), 'layer.geojson');

    await request('POST', '/system/upload-files', { body: form });
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers['Content-Type']).toBeUndefined();
  });

  it('resolves with undefined for an empty body (204)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(del('/Invitation/1')).resolves.toBeUndefined();
  });

  it('resolves with a Blob of the exact bytes for a file (the PDF report)', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xe2, 0x80, 0x99, 0xff]);
    fetchMock.mockResolvedValue(new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const pdf = (await post<Blob>('/report', {}, { headers: { Accept: 'application/pdf' } }))!;
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(bytes);
    expect(lastCall().headers.Accept).toBe('application/pdf');
  });
});

describe('language', () => {
  it("asks for the interface's language (Accept-Language), so the server's messages come in it", async () => {
    const { changeLanguage } = await import('../i18n');
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await changeLanguage('zh-CN');
    await get('/user');
    expect(lastCall().headers['Accept-Language']).toBe('zh-CN, en;q=0.5');
    await changeLanguage('en');
    await get('/user');
    expect(lastCall().headers['Accept-Language']).toBe('en');
  });
});

describe('bearer token', () => {
  it('sends Authorization: Bearer <token> when the token provider has a token', async () => {
    setTokenProvider(() => 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await get('/user');
    expect(lastCall().headers.Authorization).toBe('Bearer abc.def.ghi');
  });

  it('accepts an asynchronous token provider', async () => {
    setTokenProvider(async () => 'fresh-token');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await get('/user');
    expect(lastCall().headers.Authorization).toBe('Bearer fresh-token');
  });

  it('sends no Authorization header without a token', async () => {
    setTokenProvider(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await get('/system/info');
    expect(lastCall().headers).not.toHaveProperty('Authorization');
  });
});

describe('401 Unauthorized', () => {
  it('runs the handle-401 action, waits 2000 ms, then resolves with undefined', async () => {
    const onUnauthorized = vi.fn();
    setOnUnauthorized(onUnauthorized);
    fetchMock.mockResolvedValue(jsonResponse(401, { statusCode: 401, message: 'Unauthorized' }));

    const call = track(get('/user'));
    await vi.advanceTimersByTimeAsync(BACKOFF_MS - 1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith({ method: 'GET', url: '/api/v1/user' });
    expect(call.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(call).toEqual({ settled: true, value: undefined, error: undefined });
    expect(BACKOFF_MS).toBe(2000);
  });

  it('a change (not a read) then rejects: it was not made, and no screen may say it was', async () => {
    const onUnauthorized = vi.fn();
    setOnUnauthorized(onUnauthorized);
    fetchMock.mockResolvedValue(jsonResponse(401, { statusCode: 401, message: 'Token expired' }));

    const call = track(post('/dashboards', { title: 'Expired test' }));
    await vi.advanceTimersByTimeAsync(BACKOFF_MS);
    expect(onUnauthorized).toHaveBeenCalledWith({ method: 'POST', url: '/api/v1/dashboards' });
    expect(call.settled).toBe(true);
    expect(call.error).toBeInstanceOf(SessionEndedError);
    expect((call.error as SessionEndedError).status).toBe(401);
    expect((call.error as Error).message).toBe('Your session has ended. Sign in again to continue.');
  });

  it("tells the action the answer's reason when it says more than the status: an account deleted since its sign-in", async () => {
    const onUnauthorized = vi.fn();
    setOnUnauthorized(onUnauthorized);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, message: 'This account has been deleted. Sign in again to start a new account.', error: 'Account Deleted' }),
    );

    const call = track(get('/user'));
    await vi.advanceTimersByTimeAsync(BACKOFF_MS);
    expect(onUnauthorized).toHaveBeenCalledWith({ method: 'GET', url: '/api/v1/user', reason: ACCOUNT_DELETED_REASON });
    expect(call).toEqual({ settled: true, value: undefined, error: undefined });
  });

  it('still resolves with undefined when the handler itself fails', async () => {
    setOnUnauthorized(() => {
      throw new Error('handler broke');
    });
    fetchMock.mockResolvedValue(jsonResponse(401, {}));

    const call = track(get('/user'));
    await vi.advanceTimersByTimeAsync(BACKOFF_MS);
    expect(call).toEqual({ settled: true, value: undefined, error: undefined });
  });
});

describe('403 Forbidden', () => {
  const REFUSAL = { statusCode: 403, message: 'You need to be a group administrator of this organization.' };

  it("tells the forbidden handler which call was refused, then rejects at once with the server's message", async () => {
    const onForbidden = vi.fn();
    setOnForbidden(onForbidden);
    fetchMock.mockResolvedValue(jsonResponse(403, REFUSAL));
    const call = track(put('/organization/o-1/members/u-2', { roleName: 'simple-user' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(onForbidden).toHaveBeenCalledExactlyOnceWith({ method: 'PUT', url: '/api/v1/organization/o-1/members/u-2' });
    expect(call.settled).toBe(true);
    expect(call.error).toBeInstanceOf(ApiError);
    expect((call.error as ApiError).message).toBe(REFUSAL.message);
    expect((call.error as ApiError).status).toBe(403);
  });

  it('tells it of refused reads too, and of no other failure', async () => {
    const onForbidden = vi.fn();
    setOnForbidden(onForbidden);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, REFUSAL)).mockResolvedValueOnce(jsonResponse(404, { message: 'Not found' }));
    await expect(get('/organization/o-1/wqx-account')).rejects.toThrow(REFUSAL.message);
    await expect(get('/organization/o-1')).rejects.toThrow('Not found');
    expect(onForbidden).toHaveBeenCalledExactlyOnceWith({ method: 'GET', url: '/api/v1/organization/o-1/wqx-account' });
  });

  it('rejects with the same error when the handler itself fails', async () => {
    setOnForbidden(() => {
      throw new Error('handler broke');
    });
    fetchMock.mockImplementation(async () => jsonResponse(403, REFUSAL));
    await expect(del('/organization/o-1/members/u-2')).rejects.toThrow(REFUSAL.message);
    setOnForbidden(() => Promise.reject(new Error('handler broke later')));
    await expect(del('/organization/o-1/members/u-2')).rejects.toThrow(REFUSAL.message);
  });
});

describe('aborted requests', () => {
  it("uses the message 'Request aborted'", () => {
    expect(ABORTED_MESSAGE).toBe('Request aborted');
  });

  it('waits 2000 ms after an AbortController abort, then resolves with undefined', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          // As fetch does: reject when the signal aborts, or at once if it already has.
          const abort = () => reject(new DOMException('This operation was aborted', 'AbortError'));
          if (init?.signal?.aborted) abort();
          init?.signal?.addEventListener('abort', abort);
        }),
    );
    const controller = new AbortController();

    const call = track(get('/station', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(BACKOFF_MS - 1);
    expect(call.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(call).toEqual({ settled: true, value: undefined, error: undefined });
  });

  it("treats an error carrying the message 'Request aborted' the same way", async () => {
    fetchMock.mockRejectedValue(new Error('Request aborted'));

    const call = track(get('/station'));
    await vi.advanceTimersByTimeAsync(BACKOFF_MS - 1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toEqual({ settled: true, value: undefined, error: undefined });
  });
});

describe('other errors', () => {
  it("throw an ApiError with the server's message field and keep the status", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        statusCode: 409,
        message: 'Dashboard named Rivers already exists. Please try a different one.',
        error: 'Conflict',
      }),
    );

    const error = await post('/dashboards', { label: 'Rivers' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).name).toBe('ApiError');
    expect((error as ApiError).message).toBe('Dashboard named Rivers already exists. Please try a different one.');
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).data).toEqual({
      statusCode: 409,
      message: 'Dashboard named Rivers already exists. Please try a different one.',
      error: 'Conflict',
    });
  });

  it("use the original error's message when the server sent no message: its status, in the interface's language", async () => {
    const { changeLanguage } = await import('../i18n');
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await get('/system/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The server did not answer in time or is unavailable (HTTP 502). Try again in a moment.');
    expect((error as ApiError).status).toBe(502);
    fetchMock.mockResolvedValue(new Response('', { status: 418 }));
    expect(((await get('/system/info').catch((e: unknown) => e)) as ApiError).message).toBe('The request failed (HTTP 418).');
    await changeLanguage('zh-CN');
    fetchMock.mockResolvedValue(new Response('<html>Gateway timeout</html>', { status: 504 }));
    expect(((await get('/system/info').catch((e: unknown) => e)) as ApiError).message).toBe('服务器未及时响应或暂不可用（HTTP 504）。请稍后再试。');
    await changeLanguage('en');
  });

  it("use the original error's message for a network failure (no status)", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await get('/system/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Failed to fetch');
    expect((error as ApiError).status).toBeUndefined();
    expect((error as ApiError).cause).toBeInstanceOf(TypeError);
  });

  it('reject at once, without the 2000 ms back-off', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Internal server error' }));
    const call = track(get('/system/info'));
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect((call.error as ApiError).message).toBe('Internal server error');
  });
});
