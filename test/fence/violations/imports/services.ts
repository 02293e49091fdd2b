// as: electron/services/fence-violation.ts
import { z } from 'zod';
import path from 'node:path';
import { apiInputSchemas } from '../../shared/api.ts';
import { app } from 'electron'; // ✗
import { createClient } from '../../renderer/src/client/index.ts'; // ✗
import { startWebServer } from '../web/server.ts'; // ✗
import { recordCommand } from '../cli/record-command.ts'; // ✗
import { ServiceHostClient } from '../main/host-client.ts'; // ✗
import { createHostDispatcher } from '../service-host/dispatcher.ts'; // ✗
import React from 'react'; // ✗
void [z, path, apiInputSchemas, app, createClient, startWebServer, recordCommand, ServiceHostClient, createHostDispatcher, React];
