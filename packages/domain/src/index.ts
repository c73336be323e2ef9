export * from './dates.ts';
export * from './status.ts';
export * from './vat.ts';
export * from './money.ts';
export * from './navigation.ts';
export * from './locale.ts';
export * from './operators/types.ts';
export * from './operators/catalogue.ts';
