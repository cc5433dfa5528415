/**
 * The example collections the server seeds on its first start (src/server/demo). The landing page's "Start here" runs
 * the passing one by name, so both sides read the name from here.
 */
export const DEMO_PASSING_COLLECTION = 'Demo_Sign_In';
export const DEMO_FAILING_COLLECTION = 'Demo_Wrong_Assertion';
