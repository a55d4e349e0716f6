import { defineContract } from '../api/contract.js';
import { ZMessageResponse } from '../api/envelope-schemas.js';
import { ZCreateServiceRequest, ZUpdateServiceRequest } from './catalogue-requests.js';
import {
  ZServiceIdParams,
  ZServiceListQuery,
  ZServiceListResponse,
  ZServiceResponse,
  ZStoreIdPathParams,
} from './catalogue-schemas.js';

export const ZStoreServicesQuery = ZServiceListQuery.omit({ storeId: true });

/** Services (seed 000 §2 "Service detail", store profile's Services tab; seed 001 §7). */
export const servicesContract = defineContract('services', {
  list: {
    method: 'GET',
    path: '/services',
    operationId: 'listServices',
    summary: 'Active services, filtered and paged',
    access: 'open',
    query: ZServiceListQuery,
    responses: { 200: ZServiceListResponse },
  },
  ofStore: {
    method: 'GET',
    path: '/services/store/:storeId',
    operationId: 'listStoreServices',
    summary: "A store's active services",
    access: 'open',
    params: ZStoreIdPathParams,
    query: ZStoreServicesQuery,
    responses: { 200: ZServiceListResponse },
  },
  get: {
    method: 'GET',
    path: '/services/:id',
    operationId: 'getService',
    summary: 'One service',
    access: 'open',
    params: ZServiceIdParams,
    responses: { 200: ZServiceResponse },
  },
  create: {
    method: 'POST',
    path: '/services',
    operationId: 'createService',
    summary: "Create a service for one of the merchant's stores",
    access: 'merchant',
    body: ZCreateServiceRequest,
    responses: { 201: ZServiceResponse },
    errors: [404],
  },
  update: {
    method: 'PUT',
    path: '/services/:id',
    operationId: 'updateService',
    summary: 'Change a service (its store owner)',
    access: 'merchant',
    params: ZServiceIdParams,
    body: ZUpdateServiceRequest,
    responses: { 200: ZServiceResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/services/:id',
    operationId: 'deleteService',
    summary: 'Delete a service (its store owner)',
    access: 'merchant',
    params: ZServiceIdParams,
    responses: { 200: ZMessageResponse },
    errors: [409],
  },
});
