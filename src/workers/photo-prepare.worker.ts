/// <reference lib="webworker" />
import { expose } from 'comlink';
import { photoPrepareService } from './photo-prepare';

expose(photoPrepareService);
