export * from './answers.ts';
export * from './slots.ts';
export * from './sandbox.ts';
