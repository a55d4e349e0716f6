/**
 * The provider settings production refuses to start without (config.ts): SMS, M-Pesa and where
 * Daraja posts its callback. Tests that build a production app spread this into their env.
 */
export const PRODUCTION_PROVIDER_ENV = {
  AT_USERNAME: 'd3deals',
  AT_API_KEY: 'test-at-key',
  PUBLIC_URL: 'https://d3deals.example',
  MPESA_CONSUMER_KEY: 'test-consumer-key',
  MPESA_CONSUMER_SECRET: 'test-consumer-secret',
  MPESA_SHORTCODE: '4123456',
  MPESA_PASSKEY: 'test-passkey',
  MPESA_INITIATOR_NAME: 'd3api',
  MPESA_SECURITY_CREDENTIAL: 'dGVzdC1zZWN1cml0eS1jcmVkZW50aWFs',
  MPESA_REVERSAL_INITIATOR_NAME: 'd3reversals',
  MPESA_REVERSAL_SECURITY_CREDENTIAL: 'dGVzdC1yZXZlcnNhbC1jcmVkZW50aWFs',
  MPESA_STATUS_INITIATOR_NAME: 'd3status',
  MPESA_STATUS_SECURITY_CREDENTIAL: 'dGVzdC1zdGF0dXMtY3JlZGVudGlhbA==',
  MPESA_CALLBACK_TOKEN: 't'.repeat(48),
} as const;
