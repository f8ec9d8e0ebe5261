import { routes } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { documentedAnswers } from './documented-answer.test-support.ts';

/** The every-endpoint fuzzer's check of a success against the OpenAPI document, shown able to fail. */
describe('documentedAnswers (a success as the OpenAPI document says)', () => {
  const check = documentedAnswers();
  const metadata = {
    name: 'gamer1 · Proof of Gamer',
    description: 'Khel Proof of Gamer card of gamer1: Common, total score 10.',
    image: 'https://khel.test/api/pog/cards/gamer1/front.png',
    external_url: 'https://khel.test/pog-showcase?username=gamer1',
    attributes: [
      { trait_type: 'Variant', value: 'Common' },
      { trait_type: 'Total', value: 10, display_type: 'number' },
    ],
  };

  it('token metadata, the TON collection and GraphQL are their own JSON; an envelope of them is refused', () => {
    expect(check(routes.pogMetadata, 200, JSON.stringify(metadata))).toBeNull();
    expect(
      check(
        routes.pogMetadata,
        200,
        JSON.stringify({ success: true, status: 200, data: metadata, message: 'ok' }),
      ),
    ).toMatch(/unlike the document/);
    const collection = {
      name: 'Khel',
      description: 'Cards',
      image: 'https://x/i.svg',
      external_link: 'https://x/pog',
    };
    expect(check(routes.pogTonCollection, 200, JSON.stringify(collection))).toBeNull();
    expect(check(routes.pogGraphql, 200, JSON.stringify({ data: { me: null } }))).toBeNull();
    expect(
      check(routes.pogGraphql, 200, JSON.stringify({ data: null, errors: [{ message: 'Bad query' }] })),
    ).toBeNull();
    expect(check(routes.pogGraphql, 200, JSON.stringify({ data: null, errors: ['Bad query'] }))).toMatch(
      /unlike the document/,
    );
  });

  it('an envelope route: the envelope with its data; a wrong data or an undeclared status is a problem', () => {
    const name = { name: 'gamer1', available: true };
    const envelope = (data: unknown) => JSON.stringify({ success: true, status: 200, data, message: 'ok' });
    expect(check(routes.pogNameAvailable, 200, envelope(name))).toBeNull();
    expect(check(routes.pogNameAvailable, 200, envelope({ ...name, available: 'yes' }))).toMatch(
      /unlike the document/,
    );
    expect(check(routes.pogNameAvailable, 201, envelope(name))).toMatch(/does not declare/);
  });
});
