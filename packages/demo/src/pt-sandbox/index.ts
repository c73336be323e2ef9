export * from './answers.ts';
export * from './slots.ts';
