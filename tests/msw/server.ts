import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The msw server of the unit project; tests add per-test handlers with server.use(). */
export const server = setupServer(...handlers);
