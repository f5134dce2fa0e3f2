// OpenSSL's libcrypto, for SHA-256 only (EVP digests): the hash recorded for scene files
// and font files, so a reference or a trace can say which exact file it was made with.
#include <openssl/evp.h>
