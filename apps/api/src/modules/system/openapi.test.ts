import { API_BASE_PATH, type RouteDef, routes } from '@khel/core/contract';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, IDEMPOTENCY_KEY_PARAMETER } from './openapi.routes.ts';

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; description?: string }[];
  responses: Record<string, { content?: Record<string, Record<string, unknown>>; headers?: object }>;
};

const doc = buildOpenApiDocument('test', true);
const opOf = (name: string) => {
  const route = (routes as Record<string, RouteDef>)[name]!;
  const path = `${API_BASE_PATH}${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
  return (doc.paths[path] as Record<string, Operation>)[route.method.toLowerCase()]!;
};
const allRoutes = Object.entries(routes as Record<string, RouteDef>);

describe('OpenAPI document: Idempotency-Key and event streams from the contract flags', () => {
  it('every idempotent route lists a required Idempotency-Key header that explains replay, 422 and 409', () => {
    const idempotent = allRoutes.filter(([, r]) => r.idempotent);
    expect(idempotent.map(([name]) => name)).toEqual(
      expect.arrayContaining(['storePurchase', 'onrampSwap', 'earningCollect', 'earningsCollectAll']),
    );
    for (const [name] of idempotent) {
      const op = opOf(name);
      const header = op.parameters.find((p) => p.name === 'Idempotency-Key');
      expect(header, name).toMatchObject({ in: 'header', required: true });
      expect(header!.description).toContain('replays the first answer');
      expect(header!.description).toContain('422');
      expect(header!.description).toContain("409 'Conflict: Resource already in progress'");
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
      const success = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
      expect(op.responses[success]!.headers).toHaveProperty('Idempotent-Replayed');
    }
    expect(IDEMPOTENCY_KEY_PARAMETER.schema).toMatchObject({ minLength: 1, maxLength: 255 });
  });

  it('a publicCache route documents If-None-Match, 304, ETag and its max-age; the others none of it', () => {
    for (const [name, route] of allRoutes) {
      if (route.devOnly) continue;
      const op = opOf(name);
      const listed = op.parameters.some((p) => p.name === 'If-None-Match');
      expect(listed, name).toBe(route.publicCache !== undefined);
      expect('304' in op.responses, name).toBe(route.publicCache !== undefined);
      if (!route.publicCache) continue;
      const headers = op.responses['200']!.headers as Record<string, { description: string }>;
      expect(headers, name).toHaveProperty('ETag');
      expect(headers['Cache-Control']!.description).toContain(`max-age=${route.publicCache.seconds}`);
    }
  });

  it('no other route mentions the header', () => {
    for (const [name, route] of allRoutes.filter(([, r]) => !r.idempotent)) {
      if (route.devOnly) continue;
      const op = opOf(name);
      expect(
        op.parameters.some((p) => p.name === 'Idempotency-Key'),
        name,
      ).toBe(false);
      expect(op.responses).not.toHaveProperty('422');
    }
  });

  it('an eventStream route answers text/event-stream with the schema of each event; the others JSON envelopes', () => {
    const streams = allRoutes.filter(([, r]) => r.eventStream);
    expect(streams.map(([name]) => name)).toContain('kycVerificationCheck');
    for (const [name, route] of allRoutes) {
      const op = opOf(name);
      if (route.successStatus === 302) continue;
      const content = op.responses[String(route.successStatus ?? 200)]!.content!;
      if (route.eventStream) {
        expect(Object.keys(content), name).toEqual(['text/event-stream']);
        expect(content['text/event-stream']!.schema).toMatchObject({ type: 'string' });
        expect(content['text/event-stream']!['x-event-data']).toMatchObject({ type: 'object' });
      } else if (route.document && route.mediaType && route.mediaType !== 'application/json') {
        expect(Object.keys(content), name).toEqual([route.mediaType]);
      } else {
        expect(Object.keys(content), name).toEqual(['application/json']);
      }
    }
  });

  it('dev-only routes are left out of the production document', () => {
    const production = buildOpenApiDocument('test', false);
    expect(production.paths).not.toHaveProperty(`${API_BASE_PATH}/dev/ledger/grant`);
    expect(doc.paths).toHaveProperty(`${API_BASE_PATH}/dev/ledger/grant`);
  });
});

describe('OpenAPI document: what the answers really are', () => {
  it("Spectral's spectral:oas ruleset finds no error (recommended rules, offline)", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new spectralCore.Document(JSON.stringify(doc), spectralParsers.Json));
    const errors = results
      .filter((r) => r.severity === 0)
      .map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('GraphQL, token metadata and the TON collection are described as their own JSON, not as envelopes', () => {
    for (const name of ['pogGraphql', 'pogMetadata', 'pogTonCollection']) {
      const schema = opOf(name).responses['200']!.content!['application/json']!.schema as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(schema.properties), name).not.toContain('success');
    }
    const metadata = opOf('pogMetadata').responses['200']!.content!['application/json']!.schema;
    expect(metadata).toMatchObject({
      required: expect.arrayContaining(['name', 'description', 'image', 'attributes']),
    });
    expect(opOf('pogCardImage').responses['200']!.content).toHaveProperty('image/png');
    expect(opOf('utmShortLink').responses).toHaveProperty('302');
  });
});
