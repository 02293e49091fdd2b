// as: electron/service-host/fence-violation.ts
import { createFlambeService } from '../services/service.ts';
import { utilityProcess } from 'electron'; // ✗
import { APP_ORIGIN } from '../main/app-protocol.ts'; // ✗
void [createFlambeService, utilityProcess, APP_ORIGIN];
