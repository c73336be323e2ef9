export * from './answers.ts';
export * from './sandbox.ts';
