<#--
  Login screen (learner spec §2 Login): email + password, inline errors, Forgot Password,
  link to sign up, preview carousel. Field ids username / password / kc-login are kept from
  Keycloak (apps/web-e2e signs in with them).
-->
<#import "template.ftl" as layout>
<#import "social-providers.ftl" as identityProviders>
<#import "passkeys.ftl" as passkeys>
<@layout.registrationLayout displayMessage=!messagesPerField.existsError('username','password')
    displayInfo=realm.password && realm.registrationAllowed && !registrationDisabled??
    showCarousel=true brandHeading=true pageTitle=msg("examprepLoginPageTitle"); section>
    <#if section = "header">
        ${msg("loginAccountTitle")}
    <#elseif section = "form">
        <!-- template: login.ftl (examprep) -->
        <#if realm.password>
            <#assign credentialsError = messagesPerField.getFirstError('username','password')>
            <form id="kc-form-login" class="ep-form" action="${url.loginAction}" method="post" novalidate="novalidate"
                  data-ep-form="login"
                  data-msg-required="${msg('examprepMissingCredentials')}"
                  data-msg-email="${msg('invalidEmailMessage')}"
                  data-msg-email-length="${msg('examprepEmailTooLong', 254)}"
                  data-msg-submitting="${msg('examprepLoggingIn')}">
                <#if !usernameHidden??>
                    <div class="ep-field">
                        <label class="ep-label" for="username">${msg("email")}</label>
                        <input class="ep-input" id="username" name="username" type="email" value="${login.username!''}"
                               autocomplete="${(enableWebAuthnConditionalUI?has_content)?then('username webauthn', 'username')}"
                               inputmode="email" autocapitalize="none" spellcheck="false" maxlength="254" autofocus
                               aria-describedby="input-error-credentials"<#if credentialsError?has_content> aria-invalid="true"</#if>>
                    </div>
                </#if>

                <div class="ep-field">
                    <label class="ep-label" for="password">${msg("password")}</label>
                    <div class="ep-password">
                        <input class="ep-input" id="password" name="password" type="password" autocomplete="current-password"
                               aria-describedby="input-error-credentials"<#if usernameHidden??> autofocus</#if><#if credentialsError?has_content> aria-invalid="true"</#if>>
                        <button type="button" class="ep-password__toggle" data-ep-password-toggle aria-controls="password" hidden
                                data-label-show="${msg('examprepShow')}" data-label-hide="${msg('examprepHide')}"><span data-ep-toggle-text>${msg("examprepShow")}</span><span class="ep-visually-hidden"> ${msg("password")?lower_case}</span></button>
                    </div>
                </div>

                <div class="ep-invalid-feedback" id="input-error-credentials" aria-live="polite"><#if credentialsError?has_content><span id="input-error">${credentialsError}</span></#if></div>

                <#if realm.resetPasswordAllowed>
                    <#-- The web app's /forgot-password page (ADR 0006) when the client has a base URL; Keycloak's own reset page otherwise. -->
                    <#assign forgotPasswordUrl = url.loginResetCredentialsUrl>
                    <#if (client.baseUrl)?has_content>
                        <#assign forgotPasswordUrl = client.baseUrl?remove_ending("/") + "/forgot-password">
                    </#if>
                    <p class="ep-forgot"><a class="ep-link" id="kc-forgot-password" href="${forgotPasswordUrl}">${msg("doForgotPassword")}</a></p>
                </#if>

                <#if realm.rememberMe && !usernameHidden??>
                    <div class="ep-check">
                        <input class="ep-check__input" type="checkbox" id="rememberMe" name="rememberMe"<#if login.rememberMe??> checked</#if>>
                        <label class="ep-check__label" for="rememberMe">${msg("rememberMe")}</label>
                    </div>
                </#if>

                <input type="hidden" id="id-hidden-input" name="credentialId"<#if auth.selectedCredential?has_content> value="${auth.selectedCredential}"</#if>>
                <button class="ep-btn ep-btn--primary ep-btn--block" name="login" id="kc-login" type="submit">${msg("doLogIn")}</button>
            </form>
        </#if>
        <@passkeys.conditionalUIData />
    <#elseif section = "socialProviders">
        <#if realm.password && social.providers?? && social.providers?has_content>
            <@identityProviders.show social=social/>
        </#if>
    <#elseif section = "info">
        <p class="ep-switch" id="kc-registration">${msg("noAccount")} <a class="ep-link" href="${url.registrationUrl}">${msg("examprepSignUpLink")}</a></p>
    </#if>
</@layout.registrationLayout>
