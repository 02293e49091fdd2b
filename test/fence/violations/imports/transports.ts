// as: electron/web/fence-violation.ts
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { dispatch } from '../services/dispatch/dispatch.ts';
import { app } from 'electron'; // ✗
import { ServiceHostClient } from '../main/host-client.ts'; // ✗
import { recordCommand } from '../cli/record-command.ts'; // ✗
import { createClient } from '../../renderer/src/client/index.ts'; // ✗
void [http, WebSocketServer, dispatch, app, ServiceHostClient, recordCommand, createClient];
