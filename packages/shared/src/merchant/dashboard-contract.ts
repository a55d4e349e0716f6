import { defineContract } from '../api/contract.js';
import { ZMerchantDashboardResponse } from './dashboard-schemas.js';

/** GET /merchant/dashboard: the signed-in merchant's figures in one call (issue 13). */
export const dashboardContract = defineContract('merchant', {
  get: {
    method: 'GET',
    path: '/merchant/dashboard',
    operationId: 'getMerchantDashboard',
    summary: "The signed-in merchant's dashboard figures",
    access: 'merchant',
    responses: { 200: ZMerchantDashboardResponse },
  },
});
