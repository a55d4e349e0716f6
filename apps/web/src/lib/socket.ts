/** The socket helper is shared with the merchant site (packages/api-client/src/socket.ts). */
export { connectSocket, isSocketAuthError, SOCKET_MESSAGES, SOCKET_OPTIONS } from '@d3/api-client/socket';
