import type { PaymentGatewayName } from '../../env.js';
import type { PaymentGateway } from './payment-gateway.js';
import { createTestGateway, loadTestGatewayFingerprintKey, testGatewayFingerprintKeyPath, testGatewayLedgerPath } from './test-gateway.js';

/**
 * The gateway PAYMENT_GATEWAY names (env.ts lists the names). Given the data directory, the test
 * gateway keeps its records and the key of its card fingerprints there, so that like a real
 * gateway it outlives the API process (a crash, a restart). The interface (payment-gateway.ts) knows none of them.
 */
export function createPaymentGateway(name: PaymentGatewayName, options: { dataDir?: string } = {}): PaymentGateway {
  switch (name) {
    case 'test':
      return createTestGateway(
        options.dataDir
          ? { ledgerPath: testGatewayLedgerPath(options.dataDir), fingerprintKey: loadTestGatewayFingerprintKey(testGatewayFingerprintKeyPath(options.dataDir)) }
          : {},
      );
  }
}
