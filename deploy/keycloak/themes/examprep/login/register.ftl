<#--
  Sign-up screen (learner spec §2 Sign-up): email, password, confirm password, link to login,
  preview carousel. registrationEmailAsUsername is on, so there is no username field.
  Other user-profile attributes are rendered only when the realm's user profile REQUIRES them
  (or the server reported an error for them), so the form never posts an incomplete profile.
-->
<#import "template.ftl" as layout>
<#import "user-profile-commons.ftl" as userProfileCommons>
<#import "register-commons.ftl" as registerCommons>
<@layout.registrationLayout displayMessage=messagesPerField.exists('global')
    showCarousel=true brandHeading=true pageTitle=msg("examprepSignupPageTitle"); section>
    <#if section = "header">
        <#if messageHeader??>${msg(messageHeader)}<#else>${msg("registerTitle")}</#if>
    <#elseif section = "form">
        <!-- template: register.ftl (examprep) -->
        <#assign emailValue = "">
        <#list profile.attributes as attribute>
            <#if attribute.name == "email"><#assign emailValue = attribute.value!""></#if>
        </#list>
        <#assign emailError = messagesPerField.getFirstError('email','username')>
        <#assign passwordError = messagesPerField.get('password')>
        <#assign confirmError = messagesPerField.get('password-confirm')>
        <form id="kc-register-form" class="ep-form" action="${url.registrationAction}" method="post" novalidate="novalidate"
              data-ep-form="register"
              data-msg-required="${msg('examprepFillAllFields')}"
              data-msg-email="${msg('invalidEmailMessage')}"
              data-msg-email-length="${msg('examprepEmailTooLong', 254)}"
              data-msg-mismatch="${msg('notMatchPasswordMessage')}"
              <#if (passwordPolicies.length)??>data-min-length="${passwordPolicies.length?c}" data-msg-min-length="${msg('invalidPasswordMinLengthMessage', passwordPolicies.length?c)}"</#if>
              data-msg-submitting="${msg('examprepCreatingAccount')}">

            <div class="ep-invalid-feedback ep-form-error" id="ep-form-error" aria-live="polite"></div>

            <div class="ep-field">
                <label class="ep-label" for="email">${msg("email")}</label>
                <input class="ep-input" id="email" name="email" type="email" value="${emailValue}" autocomplete="email"
                       inputmode="email" autocapitalize="none" spellcheck="false" maxlength="254" autofocus
                       aria-describedby="input-error-email"<#if emailError?has_content> aria-invalid="true"</#if>>
                <div class="ep-invalid-feedback" id="input-error-email" aria-live="polite">${emailError}</div>
            </div>

            <#if passwordRequired??>
                <div class="ep-field">
                    <label class="ep-label" for="password">${msg("password")}</label>
                    <div class="ep-password">
                        <input class="ep-input" id="password" name="password" type="password" autocomplete="new-password"
                               aria-describedby="<#if (passwordPolicies.length)??>password-hint </#if>input-error-password"<#if passwordError?has_content> aria-invalid="true"</#if>>
                        <button type="button" class="ep-password__toggle" data-ep-password-toggle aria-controls="password" hidden
                                data-label-show="${msg('examprepShow')}" data-label-hide="${msg('examprepHide')}"><span data-ep-toggle-text>${msg("examprepShow")}</span><span class="ep-visually-hidden"> ${msg("password")?lower_case}</span></button>
                    </div>
                    <#if (passwordPolicies.length)??>
                        <p class="ep-hint" id="password-hint">${msg("examprepPasswordHint", passwordPolicies.length?c)}</p>
                    </#if>
                    <div class="ep-invalid-feedback" id="input-error-password" aria-live="polite">${passwordError}</div>
                </div>

                <div class="ep-field">
                    <label class="ep-label" for="password-confirm">${msg("passwordConfirm")}</label>
                    <div class="ep-password">
                        <input class="ep-input" id="password-confirm" name="password-confirm" type="password" autocomplete="new-password"
                               aria-describedby="input-error-password-confirm"<#if confirmError?has_content> aria-invalid="true"</#if>>
                        <button type="button" class="ep-password__toggle" data-ep-password-toggle aria-controls="password-confirm" hidden
                                data-label-show="${msg('examprepShow')}" data-label-hide="${msg('examprepHide')}"><span data-ep-toggle-text>${msg("examprepShow")}</span><span class="ep-visually-hidden"> ${msg("passwordConfirm")?lower_case}</span></button>
                    </div>
                    <div class="ep-invalid-feedback" id="input-error-password-confirm" aria-live="polite">${confirmError}</div>
                </div>
            </#if>

            <#-- Further attributes of the realm's user profile: only the required ones (see header comment). -->
            <#list profile.attributes as attribute>
                <#if attribute.name == "locale" && realm.internationalizationEnabled && locale.currentLanguageTag?has_content>
                    <input type="hidden" id="locale" name="locale" value="${locale.currentLanguageTag}">
                <#elseif attribute.name != "email" && attribute.name != "username" && attribute.name != "locale"
                         && (attribute.required || messagesPerField.existsError(attribute.name))>
                    <#assign attrError = messagesPerField.get(attribute.name)>
                    <div class="ep-field">
                        <label class="ep-label" for="${attribute.name}">${advancedMsg(attribute.displayName!attribute.name)}</label>
                        <#if (attribute.annotations.inputType!'')?has_content && !(attribute.annotations.inputType?starts_with("html5-"))>
                            <@userProfileCommons.inputFieldByType attribute=attribute/>
                        <#else>
                            <input class="ep-input" id="${attribute.name}" name="${attribute.name}"
                                   type="<#if (attribute.annotations.inputType!'')?starts_with('html5-')>${attribute.annotations.inputType[6..]}<#else>text</#if>"
                                   value="${(attribute.value!attribute.defaultValue!'')}"
                                   <#if attribute.autocomplete??>autocomplete="${attribute.autocomplete}"</#if>
                                   <#if attribute.readOnly>disabled</#if>
                                   aria-describedby="input-error-${attribute.name}"<#if attrError?has_content> aria-invalid="true"</#if>>
                        </#if>
                        <div class="ep-invalid-feedback" id="input-error-${attribute.name}" aria-live="polite">${attrError}</div>
                    </div>
                </#if>
            </#list>

            <@registerCommons.termsAcceptance/>

            <#if recaptchaRequired??>
                <div class="ep-field">
                    <div class="g-recaptcha" data-size="compact" data-sitekey="${recaptchaSiteKey}" data-action="${recaptchaAction!''}"></div>
                </div>
            </#if>

            <button class="ep-btn ep-btn--primary ep-btn--block" id="kc-register" type="submit">${msg("doRegister")}</button>
        </form>
        <p class="ep-switch" id="kc-login-link">${msg("examprepHaveAccount")} <a class="ep-link" href="${url.loginUrl}">${msg("examprepLogInLink")}</a></p>
    </#if>
</@layout.registrationLayout>
