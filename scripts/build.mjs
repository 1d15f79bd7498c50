// npm run build: the client (Vite, into apps/client/dist) and the server
// (esbuild, into apps/server/dist) ahead of time, for `NODE_ENV=production npm start`.
import { run } from "./setup.mjs";

const client = run("npm", ["run", "build", "--workspace", "@cardrealm/client"]);
if (client !== 0) process.exit(client);
process.exit(run("node", ["scripts/build-server.mjs"]));
