/** The demo marketplace's fixed names, shared by the seed, the simulator and the tests. */
export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_TMK = 'demo-wine-spirits';
export const OTHER_TMK = 'harbor-liquors';
