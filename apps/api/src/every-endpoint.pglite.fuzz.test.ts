import { fuzzEveryEndpoint } from './every-endpoint-fuzz.test-support.ts';

fuzzEveryEndpoint('pglite');
