/**
 * Merchant Terms and Conditions. The provider is named neutrally, as in the spec.
 * Facts that come from the spec: 2-hour on-demand delivery, 1 business day to the carrier, age 21+,
 * $20 restocking fee, $10,000 liability cap, 30 days' notice, processor switch on November 15, 2023,
 * acceptance by logging in.
 */
import { MIN_CUSTOMER_AGE, RESTOCKING_FEE_USD } from '@mc/domain';

export const TERMS_TITLE = 'Merchant Terms and Conditions';
export const TERMS_DATE = 'October 30th, 2023';

export const TERMS_INTRO = [
  'These Merchant Terms and Conditions ("Terms") govern the use of the marketplace and of this merchant console by the store or brand ("Merchant") that receives orders through it from the marketplace operator ("Provider").',
  'By logging in to the merchant console, the Merchant accepts these Terms and agrees to be bound by them. If you do not accept them, do not log in.',
];

export interface TermsClause {
  title: string;
  body: string[];
}

export const TERMS_CLAUSES: TermsClause[] = [
  {
    title: 'Marketing service',
    body: [
      'The Provider operates the marketplace solely as a marketing service that presents the Merchant’s products to consumers. The Provider does not sell alcoholic beverages, is not a party to the sale, and does not process, accept or fulfil orders.',
    ],
  },
  {
    title: 'Inventory sharing',
    body: [
      'The Merchant shares its product inventory, prices and availability with the Provider and keeps them accurate and current. The Merchant is responsible for any order placed against inventory, prices or availability it has shared.',
    ],
  },
  {
    title: 'Order review and fulfilment',
    body: [
      'The Merchant is the merchant of record for every order. The Merchant reviews each order, confirms or rejects it promptly in the merchant console, and fulfils every order it confirms in accordance with these Terms and applicable law.',
    ],
  },
  {
    title: 'Taxes',
    body: [
      'As merchant of record, the Merchant is responsible for calculating, collecting, reporting and remitting all sales, excise and other taxes that apply to its sales.',
    ],
  },
  {
    title: 'Payment processors',
    body: [
      'Payments are processed by a third-party payment processor, not by the Provider. Until November 15, 2023 payments are processed by the Provider’s current processor. From November 15, 2023 the Provider may require the Merchant to use another third-party processor and to complete that processor’s onboarding in order to keep receiving orders.',
      'The Merchant accepts the terms of the processor it uses and keeps its payment account in good standing.',
    ],
  },
  {
    title: 'Data protection and destruction',
    body: [
      'The Merchant uses customer information received through the marketplace only to fulfil the related order, protects it with reasonable security measures, and destroys it once it is no longer needed for that purpose or for legal record-keeping.',
    ],
  },
  {
    title: 'Delivery times',
    body: [
      'On-demand orders must be delivered within two (2) hours of receipt. Mail (shipped) orders must be handed to the carrier within one (1) business day of receipt. Scheduled orders must be delivered within the window the customer chose.',
    ],
  },
  {
    title: 'Fees',
    body: [
      'The Merchant pays the marketing and service fees set out in its agreement with the Provider. The Provider may change its fees with prior notice; continued use of the marketplace after a change takes effect is acceptance of the new fees.',
    ],
  },
  {
    title: 'Age verification',
    body: [
      `At delivery or pickup the Merchant verifies, from a valid government-issued photo ID, that the recipient is of legal drinking age: ${MIN_CUSTOMER_AGE} years or older in the United States. The Merchant must not hand over alcohol to anyone who cannot show such ID or who appears intoxicated.`,
    ],
  },
  {
    title: 'Restocking fee',
    body: [
      `If an order cannot be completed because the customer does not have a valid government ID showing an age of ${MIN_CUSTOMER_AGE} or older, the order is cancelled and the customer is charged a restocking fee of $${RESTOCKING_FEE_USD}.`,
    ],
  },
  {
    title: 'Policies',
    body: [
      'The Merchant complies with the marketplace policies the Provider publishes from time to time, including its returns, substitutions and customer-service policies.',
    ],
  },
  {
    title: 'Product condition',
    body: [
      'Products are delivered sealed, undamaged, correctly labelled and fit for sale, and match the product, size and quantity ordered.',
    ],
  },
  {
    title: 'Licences',
    body: [
      'The Merchant holds, and keeps in force, every licence and permit required to sell and deliver or ship alcoholic beverages to the places it serves, and tells the Provider at once if any of them is suspended, revoked or restricted.',
    ],
  },
  {
    title: 'Indemnity',
    body: [
      'The Merchant indemnifies and holds harmless the Provider from any claim, loss or expense arising from its products, its sales, its deliveries, its breach of these Terms or of the law.',
    ],
  },
  {
    title: 'Limitation of liability',
    body: [
      'To the extent permitted by law, the Provider’s total liability to the Merchant under or in connection with these Terms is limited to $10,000, and the Provider is not liable for indirect, incidental or consequential damages or lost profits.',
    ],
  },
  {
    title: 'No warranties',
    body: [
      'The marketplace and the merchant console are provided "as is" and "as available", without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and uninterrupted availability.',
    ],
  },
  {
    title: 'Confidentiality',
    body: [
      'Each party keeps confidential the non-public information it receives from the other, including these commercial terms and customer data, and uses it only to perform under these Terms.',
    ],
  },
  {
    title: 'Termination',
    body: [
      'The Merchant may terminate its participation in the marketplace by giving the Provider thirty (30) days’ written notice. The Provider may suspend or terminate the Merchant’s access for a breach of these Terms. Orders confirmed before termination must still be fulfilled.',
    ],
  },
  {
    title: 'Governing law',
    body: [
      'These Terms are governed by the laws of the state in which the Provider has its principal place of business, without regard to its conflict-of-laws rules, and disputes are resolved in the courts of that state.',
    ],
  },
];
