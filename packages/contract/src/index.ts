// First: zod's settings, before any schema below is defined.
import './zod-setup';

export * from './activity';
export * from './balances';
export * from './categories';
export * from './client-config';
export * from './currency';
export * from './edit-merge';
export * from './envelope';
export * from './errors';
export * from './event';
export * from './event-export';
export * from './event-id';
export * from './event-import';
export * from './expenditure';
export * from './health';
export * from './limits';
export * from './payment';
export * from './payment-details';
export * from './presence';
export * from './primitives';
export * from './push';
export * from './push-endpoint';
export * from './realtime';
export * from './receipt';
export * from './report';
export * from './text-rules';
export * from './user';
