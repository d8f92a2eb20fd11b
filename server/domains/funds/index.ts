export * as funds from './funds';
