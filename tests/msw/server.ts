import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { runsHandlers } from './runs-handlers';
import { studioHandlers } from './studio-handlers';

/** The msw server of the unit project; tests add per-test handlers with server.use(). */
export const server = setupServer(...handlers, ...runsHandlers, ...studioHandlers);
