export * from './constants.js';
export * from './messages.js';
export * from './envelope.js';
export * from './paths.js';
export * from './auth.js';
export * from './catalogue.js';
export * from './quiz.js';
export * from './scoring.js';
