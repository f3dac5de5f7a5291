/** Stylesheets are bundled by esbuild; importing one only adds it to the bundle. */
declare module '*.css'
